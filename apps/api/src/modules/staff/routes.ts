import {
  employeeStatusPayloadSchema,
  getEmployeeResponseSchema,
  getEmployeesResponseSchema,
  idSchema,
  messageResponseSchema,
  saveEmployeeResponseSchema,
  staffPayloadSchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerSecurity, requireOwner } from "../../plugins/auth";
import type { StaffService } from "./service";

const tags = ["staff"];
const idParams = z.object({ id: idSchema });

/** The Staff page's calls (spec §7 "Employees"). Owner only: staff get 403 (DOMAIN). */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, opts) => {
  const { staff } = opts;

  app.post(
    "/api/v1/employees/create-employee",
    {
      schema: {
        tags,
        summary: "Invite a staff member: an e-mail with a set-password link valid 7 days",
        description:
          "firstName, lastName, email, role (free text) and shopId (a claim: the session decides the shop). The account starts `inactive` (Invited) and becomes `active` when the password is set at `POST /employees/set-password`.",
        security: bearerSecurity,
        body: staffPayloadSchema,
        response: { 201: saveEmployeeResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireOwner(request);
      return reply.code(201).send(await staff.createEmployee(session.shopId, request.body));
    },
  );

  app.get(
    "/api/v1/employees/get-employees-by-merchant-id",
    {
      schema: {
        tags,
        summary: "The shop's owner and staff (the web hides the signed-in user's own row)",
        security: bearerSecurity,
        response: { 200: getEmployeesResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return staff.listEmployees(session.shopId);
    },
  );

  app.get(
    "/api/v1/employees/get-employee-by-id/:id",
    {
      schema: {
        tags,
        summary: "One staff member of the shop",
        security: bearerSecurity,
        params: idParams,
        response: { 200: getEmployeeResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return staff.getEmployee(session.shopId, request.params.id);
    },
  );

  app.put(
    "/api/v1/employees/update-employee/:id",
    {
      schema: {
        tags,
        summary: "Update a staff member's names and role (the e-mail is read-only)",
        security: bearerSecurity,
        params: idParams,
        body: staffPayloadSchema,
        response: { 200: saveEmployeeResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return staff.updateEmployee(session.shopId, request.params.id, request.body);
    },
  );

  app.delete(
    "/api/v1/employees/delete-employee-by-id/:id",
    {
      schema: {
        tags,
        summary: "Delete a staff member (records keep the name they were made under)",
        security: bearerSecurity,
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return staff.deleteEmployee(session.shopId, request.params.id);
    },
  );

  app.put(
    "/api/v1/employees/disable-employee/:id",
    {
      schema: {
        tags,
        summary: "Disable an active staff member: their sessions end at once",
        security: bearerSecurity,
        params: idParams,
        response: { 200: saveEmployeeResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return staff.disableEmployee(session.shopId, request.params.id);
    },
  );

  app.put(
    "/api/v1/employees/update-employee-status/:id",
    {
      schema: {
        tags,
        summary: "Enable (`active`) or disable (`disabled`) a staff member",
        description:
          "Active → disabled ends their sessions; disabled → active lets them log in again. An invited member has no status action (422).",
        security: bearerSecurity,
        params: idParams,
        body: employeeStatusPayloadSchema,
        response: { 200: saveEmployeeResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return staff.setEmployeeStatus(session.shopId, request.params.id, request.body.status);
    },
  );

  app.post(
    "/api/v1/employees/resend-invitation/:id",
    {
      schema: {
        tags,
        summary: "Send an invited staff member a new set-password link (the old one stops working)",
        security: bearerSecurity,
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const session = await requireOwner(request);
      return staff.resendInvitation(session.shopId, request.params.id);
    },
  );
};
