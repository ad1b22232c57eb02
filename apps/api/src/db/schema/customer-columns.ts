import { belongsTo } from "./columns";
import { customers } from "./customers";
import { shopOwned } from "./owner-columns";

/** The customer a row belongs to: the row goes with the customer. */
export const customerRef = () => belongsTo("customer_id", () => customers.id);

/** A row one customer of the shop owns. */
export const customerOwned = () => ({ ...shopOwned(), customerId: customerRef() });
