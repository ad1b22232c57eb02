import { z } from "zod";

/** The first columns of a row about a person in the merchant's lists (members, staff). */
export const personRowFields = {
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
};
