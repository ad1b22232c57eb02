// The storefront read's baseline for `npm run bench`: bare Fastify and pg, no plugins, the same
// three queries the combined read makes (the shop, its active tiers with their benefits, its
// current offers), answered as JSON. Started by bench.mjs as its own process against the
// database the bench seeded, so its req/s sits beside Tessera's in the same run.
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const SHOP = `select id, name, industry, tagline, logo, banner, primary_color, secondary_color,
  font_style, time_zone, default_locale, follow_browser_locale from shops where id = $1`;
const TIERS = `select t.id, t.name, t.description, t.price_cents, t.cashback_reward_cents,
  t.renewal, t.reward_frequency, b.id as benefit_id, b.name as benefit_name, b.worth_cents,
  b.benefit_type
  from membership_tiers t left join membership_benefits b on b.tier_id = t.id
  where t.shop_id = $1 and t.status = 'active' order by t.price_cents, t.id, b.position`;
const OFFERS = `select id, offer_name, description, redemption_instructions,
  original_price_cents, offer_price_cents, is_limited, quantity, is_limited_per_user,
  limit_per_user, has_validity, validity_days, start_date, end_date, offer_image
  from offers where shop_id = $1 and status = 'active' and start_date <= $2 and end_date >= $2
  order by id`;

app.get("/storefront", async (request, reply) => {
  const shopId = Number(request.query.shopId);
  const shop = await pool.query({ name: "shop", text: SHOP, values: [shopId] });
  if (shop.rows.length === 0) return reply.code(404).send({ message: "Store not found" });
  const today = new Date().toISOString().slice(0, 10);
  const [tiers, offers] = await Promise.all([
    pool.query({ name: "tiers", text: TIERS, values: [shopId] }),
    pool.query({ name: "offers", text: OFFERS, values: [shopId, today] }),
  ]);
  return { shop: shop.rows[0], memberships: tiers.rows, offers: offers.rows };
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => app.close().then(() => pool.end()));
