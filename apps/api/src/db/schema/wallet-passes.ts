import { index, pgTable, primaryKey, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Phones that hold a member card pass in Apple Wallet (Apple's pass web service): one row per
 * device and pass, with the push token APNs reaches the device by.
 */
export const applePassRegistrations = pgTable(
  "apple_pass_registrations",
  {
    deviceLibraryId: varchar("device_library_id", { length: 128 }).notNull(),
    passTypeId: varchar("pass_type_id", { length: 128 }).notNull(),
    /** The customer's wallet serial. */
    serialNumber: uuid("serial_number").notNull(),
    pushToken: varchar("push_token", { length: 256 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.serialNumber] }),
    index("apple_pass_registrations_serial_idx").on(t.serialNumber),
  ],
);
