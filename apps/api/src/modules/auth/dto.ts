import { type Customer as CustomerDto, isLocale, type User as UserDto } from "@tessera/shared";
import type { Customer, User } from "../../db/schema";

export function toUserDto(user: User, shopId: number | null): UserDto {
  return {
    id: user.id,
    email: user.email,
    userName: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    profilePicture: user.profilePicture,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.shopId ? "staff" : "owner",
    staffRole: user.role,
    shopId,
  };
}

export function toCustomerDto(customer: Customer): CustomerDto {
  return {
    id: customer.id,
    shopId: customer.shopId,
    contactId: customer.contactId,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
    phoneNumber: customer.phoneNumber,
    profilePicture: customer.profilePicture,
    emailVerified: customer.emailVerifiedAt !== null,
    hasPassword: customer.passwordHash !== null,
    locale: isLocale(customer.locale) ? customer.locale : null,
  };
}
