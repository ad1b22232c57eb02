import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SandboxProvider } from "./sandbox";
import type { MerchantAccount } from "./types";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// The sandbox pages are the "provider's" pages: framed by this origin's checkout modal only.
const FRAMED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'self'";

const PAGE_STYLE = `
:root{color-scheme:light;--bg:#fff;--fg:#0f172a;--muted:#475569;--line:#cbd5e1;--accent:#0f766e;--err:#b91c1c;--field:#fff}
:root[data-theme=dark]{color-scheme:dark;--bg:#0b1220;--fg:#e2e8f0;--muted:#94a3b8;--line:#334155;--accent:#2dd4bf;--err:#fca5a5;--field:#111a2e}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:440px;margin:0 auto;padding:16px}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.02em;padding:2px 8px;border-radius:999px;background:#fef3c7;color:#92400e}
h1{font-size:16px;margin:8px 0 4px}p{margin:0 0 12px;color:var(--muted);font-size:13px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:10px 12px;font:inherit;color:var(--fg);background:var(--field);border:1px solid var(--line);border-radius:8px}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
input[aria-invalid=true]{border-color:var(--err)}
.err{color:var(--err);font-size:12px;margin-top:4px;min-height:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:16px;width:100%;padding:12px;font:inherit;font-weight:600;color:#fff;background:var(--accent);border:0;border-radius:8px;cursor:pointer}
:root[data-theme=dark] button{color:#042f2e}
button[disabled]{opacity:.6;cursor:progress}
.note{margin-top:12px;font-size:12px;color:var(--muted)}
.alert{margin-top:12px;padding:10px 12px;border-radius:8px;border:1px solid var(--err);color:var(--err);font-size:13px}
`;

function page(title: string, theme: string, body: string): string {
  return `<!doctype html><html lang="en" data-theme="${theme === "dark" ? "dark" : "light"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** Plays the card processor's browser side: the card form in the checkout modal, onboarding. */
export async function sandboxRoutes(
  app: FastifyInstance,
  opts: {
    sandbox: SandboxProvider;
    /** Delivers the onboarding approval postback to the product. */
    onOnboardingApproved: (reference: string, account: MerchantAccount) => Promise<boolean>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sandbox } = opts;
  const docs = { tags: ["sandbox payments"] };

  r.get(
    "/api/v1/sandbox/checkout",
    {
      schema: {
        ...docs,
        querystring: z.object({
          token: z.string().max(200).default(""),
          theme: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const { token, theme = "light" } = request.query;
      const intention = token ? await sandbox.findIntention(token) : null;
      reply.header("content-security-policy", FRAMED_CSP).type("text/html; charset=utf-8");
      if (!intention || intention.expired) {
        return page(
          "Card payment",
          theme,
          `<div id="sandbox-expired" data-code="${intention ? "expired" : "not_found"}" role="alert" class="alert">This payment form has expired. Please start again.</div><script src="/api/v1/sandbox/checkout.js"></script>`,
        );
      }
      const amount = (intention.amountCents / 100).toFixed(2);
      return page(
        "Card payment",
        theme,
        `<span class="badge">Sandbox</span>
<h1>Card payment</h1>
<p>Test cards: 4111 1111 1111 1111 approves, 4000 0000 0000 0002 declines. No real money moves.</p>
<form id="pay" novalidate data-token="${escapeHtml(token)}">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" aria-describedby="cardNumber-error" required>
<div class="err" id="cardNumber-error" role="alert"></div>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" aria-describedby="expiry-error" required>
<div class="err" id="expiry-error" role="alert"></div></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" aria-describedby="cvc-error" required>
<div class="err" id="cvc-error" role="alert"></div></div></div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" aria-describedby="name-error" required>
<div class="err" id="name-error" role="alert"></div>
<button type="submit" id="submit">Pay $${amount}</button>
<div class="alert" id="form-error" role="alert" hidden></div>
</form><script src="/api/v1/sandbox/checkout.js"></script>`,
      );
    },
  );

  r.get("/api/v1/sandbox/checkout.js", { schema: docs }, async (_request, reply) => {
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache");
    return CHECKOUT_SCRIPT;
  });

  r.post(
    "/api/v1/sandbox/checkout/pay",
    {
      schema: {
        ...docs,
        body: z.object({
          token: z.string().max(200),
          cardNumber: z.string().max(40),
          expiry: z.string().max(10),
          cvc: z.string().max(8),
          name: z.string().max(100),
        }),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const result = await sandbox.pay({
        clientToken: b.token,
        cardNumber: b.cardNumber,
        expiry: b.expiry,
        cvc: b.cvc,
        name: b.name,
      });
      if (result.ok) return { transactionId: result.transactionId, approved: result.approved };
      if (result.code === "invalid") {
        return reply.code(400).send({ message: "Check the card details", errors: result.errors });
      }
      const message =
        result.code === "paid"
          ? "This payment form was already paid."
          : "This payment form has expired. Please start again.";
      return reply.code(410).send({ message, code: result.code });
    },
  );

  r.get(
    "/api/v1/sandbox/onboarding",
    {
      schema: {
        ...docs,
        querystring: z.object({
          reference: z.string().max(100).default(""),
          return: z.string().max(300).default("/merchant/profile"),
        }),
      },
    },
    async (request, reply) => {
      const { reference } = request.query;
      // Only a path on this site: never an open redirect.
      const back =
        request.query.return.startsWith("/") && !request.query.return.startsWith("//")
          ? request.query.return
          : "/merchant/profile";
      reply.header("content-security-policy", FRAMED_CSP).type("text/html; charset=utf-8");
      return page(
        "Connect card payments",
        "light",
        `<span class="badge">Sandbox</span>
<h1>Connect card payments</h1>
<p>This is the built-in sandbox provider's onboarding. Approving gives your shop a sandbox merchant account, so customers can pay with the test cards.</p>
<form method="post" action="/api/v1/sandbox/onboarding/approve">
<input type="hidden" name="reference" value="${escapeHtml(reference)}">
<input type="hidden" name="return" value="${escapeHtml(back)}">
<button type="submit">Approve and return to Tessera</button>
</form>
<p class="note"><a href="${escapeHtml(back)}">Cancel and go back</a></p>`,
      );
    },
  );

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  r.post(
    "/api/v1/sandbox/onboarding/approve",
    {
      schema: {
        ...docs,
        body: z.object({ reference: z.string().max(100), return: z.string().max(300) }),
      },
    },
    async (request, reply) => {
      const back =
        request.body.return.startsWith("/") && !request.body.return.startsWith("//")
          ? request.body.return
          : "/merchant/profile";
      const connected = await opts.onOnboardingApproved(
        request.body.reference,
        sandbox.createAccount(),
      );
      const url = new URL(back, "http://x");
      url.searchParams.set("onboarding", connected ? "connected" : "failed");
      return reply.redirect(`${url.pathname}${url.search}`, 303);
    },
  );
}

// The card form's script: a file, since the CSP allows no inline script.
const CHECKOUT_SCRIPT = `(() => {
  const post = (data) => window.parent.postMessage({ source: "tessera-sandbox", ...data }, window.location.origin);
  const expired = document.getElementById("sandbox-expired");
  if (expired) { post({ type: "error", code: expired.dataset.code || "expired", message: expired.textContent }); return; }
  const form = document.getElementById("pay");
  if (!form) return;
  const fields = ["cardNumber", "expiry", "cvc", "name"];
  const formError = document.getElementById("form-error");
  const submit = document.getElementById("submit");
  const label = submit.textContent;
  const show = (errors) => {
    for (const f of fields) {
      const input = document.getElementById(f);
      const msg = (errors && errors[f]) || "";
      document.getElementById(f + "-error").textContent = msg;
      input.setAttribute("aria-invalid", msg ? "true" : "false");
    }
    const first = fields.find((f) => errors && errors[f]);
    if (first) document.getElementById(first).focus();
  };
  for (const f of fields) document.getElementById(f).addEventListener("input", () => {
    document.getElementById(f + "-error").textContent = "";
    document.getElementById(f).setAttribute("aria-invalid", "false");
  });
  const expiry = document.getElementById("expiry");
  expiry.addEventListener("input", () => {
    const d = expiry.value.replace(/\\D/g, "").slice(0, 4);
    expiry.value = d.length > 2 ? d.slice(0, 2) + "/" + d.slice(2) : d;
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError.hidden = true;
    submit.disabled = true;
    submit.textContent = "Processing…";
    const body = { token: form.dataset.token };
    for (const f of fields) body[f] = document.getElementById(f).value;
    try {
      const res = await fetch("/api/v1/sandbox/checkout/pay", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
      });
      const data = await res.json().catch(() => ({}));
      if (res.ok) { post({ type: "done", transactionId: data.transactionId }); submit.textContent = "Done"; return; }
      if (res.status === 400 && data.errors) show(data.errors);
      else if (res.status === 410) { post({ type: "error", code: data.code, message: data.message }); return; }
      else { formError.textContent = data.message || "The payment could not be sent. Please try again."; formError.hidden = false; }
    } catch {
      formError.textContent = "The payment could not be sent. Please try again."; formError.hidden = false;
    }
    submit.disabled = false;
    submit.textContent = label;
  });
})();
`;
