import {
  employeeStatusPayloadSchema,
  getEmployeeResponseSchema,
  getEmployeesResponseSchema,
  idSchema,
  messageResponseSchema,
  saveEmployeeResponseSchema,
  staffPayloadSchema,
} from "@tessera/shared";
import { z } from "zod";
import { requireOwner } from "../../plugins/auth";
import { guardedSteps, guardedStepsPlugin } from "../../plugins/merchant-steps";
import type { StaffService } from "./service";

const idParams = z.object({ id: idSchema });

type Ctx = { staff: StaffService; shopId: number };
const step = guardedSteps<Ctx>();

const staffSteps = [
  step({
    method: "POST",
    url: "/api/v1/employees/create-employee",
    summary: "Invite a staff member: an e-mail with a set-password link valid 7 days",
    description:
      "firstName, lastName, email, role (free text) and shopId (a claim: the session decides the shop). The account starts `inactive` (Invited) and becomes `active` when the password is set at `POST /employees/set-password`.",
    from: "body",
    input: staffPayloadSchema,
    response: saveEmployeeResponseSchema,
    status: 201,
    run: ({ staff, shopId }, body) => staff.createEmployee(shopId, body),
  }),
  step({
    method: "GET",
    url: "/api/v1/employees/get-employees-by-merchant-id",
    summary: "The shop's owner and staff (the web hides the signed-in user's own row)",
    response: getEmployeesResponseSchema,
    run: ({ staff, shopId }) => staff.listEmployees(shopId),
  }),
  step({
    method: "GET",
    url: "/api/v1/employees/get-employee-by-id/:id",
    summary: "One staff member of the shop",
    params: idParams,
    response: getEmployeeResponseSchema,
    run: ({ staff, shopId }, _, { id }) => staff.getEmployee(shopId, id),
  }),
  step({
    method: "PUT",
    url: "/api/v1/employees/update-employee/:id",
    summary: "Update a staff member's names and role (the e-mail is read-only)",
    params: idParams,
    from: "body",
    input: staffPayloadSchema,
    response: saveEmployeeResponseSchema,
    run: ({ staff, shopId }, body, { id }) => staff.updateEmployee(shopId, id, body),
  }),
  step({
    method: "DELETE",
    url: "/api/v1/employees/delete-employee-by-id/:id",
    summary: "Delete a staff member (records keep the name they were made under)",
    params: idParams,
    response: messageResponseSchema,
    run: ({ staff, shopId }, _, { id }) => staff.deleteEmployee(shopId, id),
  }),
  step({
    method: "PUT",
    url: "/api/v1/employees/disable-employee/:id",
    summary: "Disable an active staff member: their sessions end at once",
    params: idParams,
    response: saveEmployeeResponseSchema,
    run: ({ staff, shopId }, _, { id }) => staff.disableEmployee(shopId, id),
  }),
  step({
    method: "PUT",
    url: "/api/v1/employees/update-employee-status/:id",
    summary: "Enable (`active`) or disable (`disabled`) a staff member",
    description:
      "Active → disabled ends their sessions; disabled → active lets them log in again. An invited member has no status action (422).",
    params: idParams,
    from: "body",
    input: employeeStatusPayloadSchema,
    response: saveEmployeeResponseSchema,
    run: ({ staff, shopId }, body, { id }) => staff.setEmployeeStatus(shopId, id, body.status),
  }),
  step({
    method: "POST",
    url: "/api/v1/employees/resend-invitation/:id",
    summary: "Send an invited staff member a new set-password link (the old one stops working)",
    params: idParams,
    response: messageResponseSchema,
    run: ({ staff, shopId }, _, { id }) => staff.resendInvitation(shopId, id),
  }),
];

/** The Staff page's calls (spec §7 "Employees"). Owner only: staff get 403 (DOMAIN). */
export const staffRoutes = guardedStepsPlugin(
  ["staff"],
  async ({ staff }: Pick<Ctx, "staff">, request) => {
    const session = await requireOwner(request);
    return { staff, shopId: session.shopId };
  },
  staffSteps,
);
