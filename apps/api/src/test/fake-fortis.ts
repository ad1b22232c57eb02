import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that answers as the Fortis API does for the calls Tessera makes, and
 * keeps state like Fortis would: intentions, transactions, saved card tokens, refunds,
 * recurrings. `pay` plays the customer filling in Fortis Elements.
 */

type Txn = {
  id: string;
  location_id: string;
  transaction_amount: number;
  status_code: number;
  token_id: string | null;
  account_type: string;
  last_four: string;
  transaction_api_id: string | null;
};

export type FakeFortis = {
  url: string;
  developerId: string;
  requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: unknown }[];
  /** The merchant account the fake knows. */
  merchant: { userId: string; apiKey: string; locationId: string; productTransactionId: string };
  /** Pays an intention like Elements does; returns the transaction id. */
  pay(clientToken: string, card: "approve" | "decline", amountOverride?: number): string;
  /** A saved card starts declining (expired, blocked). */
  declineToken(token: string): void;
  /** A saved card is accepted again (the customer fixed it with the bank). */
  allowToken(token: string): void;
  /** Next calls answer 503, as during an outage. */
  setDown(down: boolean): void;
  transactions: Map<string, Txn>;
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });
}

export async function startFakeFortis(): Promise<FakeFortis> {
  const id = () => randomBytes(12).toString("hex");
  const developerId = "dev-tessera";
  const merchant = {
    userId: `user-${id()}`,
    apiKey: `key-${id()}`,
    locationId: `loc-${id()}`,
    productTransactionId: `pt-${id()}`,
  };
  const intentions = new Map<
    string,
    { amount: number; location: string; paid: boolean; reference: string | null }
  >();
  const transactions = new Map<string, Txn>();
  const declining = new Set<string>();
  const tokens = new Set<string>();
  const recurrings = new Map<string, { active: boolean }>();
  const requests: FakeFortis["requests"] = [];
  let down = false;

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (down) return send(503, { message: "Service unavailable" });
    const authorised =
      req.headers["developer-id"] === developerId &&
      req.headers["user-id"] === merchant.userId &&
      req.headers["user-api-key"] === merchant.apiKey;
    if (!authorised) return send(401, { message: "Unauthorized" });
    const b = (body ?? {}) as Record<string, unknown>;
    const path = url.pathname;

    if (req.method === "POST" && path === "/v1/elements/transaction/intention") {
      const token = `ct_${id()}`;
      intentions.set(token, {
        amount: Number(b.amount),
        location: String(b.location_id),
        paid: false,
        reference: b.transaction_api_id ? String(b.transaction_api_id) : null,
      });
      return send(200, { type: "ElementsIntention", data: { client_token: token } });
    }
    if (req.method === "GET" && path === "/v1/transactions") {
      const reference = url.searchParams.get("filter[transaction_api_id]");
      const list = [...transactions.values()].filter(
        (t) => t.location_id === merchant.locationId && t.transaction_api_id === reference,
      );
      return send(200, { type: "TransactionsCollection", list });
    }
    const txnMatch = /^\/v1\/transactions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && txnMatch) {
      const txn = transactions.get(decodeURIComponent(txnMatch[1] as string));
      if (!txn || txn.location_id !== merchant.locationId) {
        return send(404, { message: "Transaction not found" });
      }
      return send(200, { type: "Transaction", data: txn });
    }
    if (req.method === "POST" && path === "/v1/transactions/cc/sale/token") {
      const ref = b.transaction_api_id ? String(b.transaction_api_id) : null;
      const existing = [...transactions.values()].find((t) => ref && t.transaction_api_id === ref);
      if (existing) return send(412, { message: "transaction_api_id must be unique" });
      const token = String(b.token_id);
      const txn: Txn = {
        id: id(),
        location_id: String(b.location_id),
        transaction_amount: Number(b.transaction_amount),
        status_code: tokens.has(token) && !declining.has(token) ? 101 : 301,
        token_id: token,
        account_type: "visa",
        last_four: "1111",
        transaction_api_id: ref,
      };
      transactions.set(txn.id, txn);
      return send(201, { type: "Transaction", data: txn });
    }
    const refundMatch = /^\/v1\/transactions\/([^/]+)\/refund$/.exec(path);
    if (req.method === "PATCH" && refundMatch) {
      const original = transactions.get(decodeURIComponent(refundMatch[1] as string));
      if (original?.status_code !== 101) {
        return send(412, { message: "Transaction cannot be refunded" });
      }
      const refund: Txn = {
        ...original,
        id: id(),
        status_code: 111,
        transaction_amount: Number(b.transaction_amount),
        transaction_api_id: null,
      };
      transactions.set(refund.id, refund);
      return send(200, { type: "Transaction", data: refund });
    }
    if (req.method === "POST" && path === "/v1/recurrings") {
      const rid = id();
      recurrings.set(rid, { active: true });
      return send(201, { type: "Recurring", data: { id: rid } });
    }
    const recMatch = /^\/v1\/recurrings\/([^/]+)$/.exec(path);
    if (req.method === "DELETE" && recMatch) {
      const rec = recurrings.get(recMatch[1] as string);
      if (!rec) return send(404, { message: "Not found" });
      rec.active = false;
      return send(200, { type: "Recurring", data: { id: recMatch[1] } });
    }
    if (req.method === "POST" && path === "/v1/onboarding") {
      return send(200, {
        type: "Onboarding",
        data: { app_link: `https://onboarding.example/apply/${b.client_app_id}` },
      });
    }
    return send(404, { message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    developerId,
    requests,
    merchant,
    transactions,
    pay(clientToken, card, amountOverride) {
      const intention = intentions.get(clientToken);
      if (!intention || intention.paid) throw new Error("unknown or paid intention");
      const token = card === "approve" ? `tok_${id()}` : null;
      if (token) tokens.add(token);
      const txn: Txn = {
        id: id(),
        location_id: intention.location,
        transaction_amount: amountOverride ?? intention.amount,
        status_code: card === "approve" ? 101 : 301,
        token_id: token,
        account_type: "visa",
        last_four: card === "approve" ? "1111" : "0002",
        transaction_api_id: intention.reference,
      };
      transactions.set(txn.id, txn);
      if (card === "approve") intention.paid = true;
      return txn.id;
    },
    declineToken(token) {
      declining.add(token);
    },
    allowToken(token) {
      declining.delete(token);
    },
    setDown(value) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
