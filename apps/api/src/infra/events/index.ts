import { sql } from "drizzle-orm";
import type { DatabaseHandle, Executor } from "../db";

/**
 * The internal event bus: what changed, for whom. Events are raised inside the database
 * transaction that makes the change (`pg_notify`), so they are delivered exactly when it
 * commits, to every instance on the database (PGlite too). The customer dashboard's event
 * stream and the notification sockets both subscribe here.
 */

const CHANNEL = "tessera_events";

export type BusEvent =
  /** A customer's own data changed (purchase, redemption, renewal, merchant edit). */
  | { type: "customer.changed"; shopId: number; customerId: number; reason: string }
  /** New notification rows for these recipients. */
  | {
      type: "notification";
      shopId: number;
      userIds: number[];
      customerIds: number[];
      notificationIds: number[];
    }
  /** A member import's progress, for the merchant who started it (issue 18). */
  | {
      type: "import.progress";
      shopId: number;
      userId: number;
      progress: { importId: number; status: string; processed: number; toImport: number };
    };

/** Raises an event in the caller's transaction. */
export async function raise(tx: Executor, event: BusEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

export type EventBus = {
  subscribe(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
};

/** Listens once per process and fans events out to in-process subscribers. */
export async function createEventBus(database: DatabaseHandle): Promise<EventBus> {
  const handlers = new Set<(event: BusEvent) => void>();
  const stop = await database.listen(CHANNEL, (payload) => {
    let event: BusEvent;
    try {
      event = JSON.parse(payload) as BusEvent;
    } catch {
      return;
    }
    for (const handler of handlers) {
      try {
        handler(event);
      } catch {
        // One subscriber's failure must not stop the others.
      }
    }
  });
  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close: stop,
  };
}
