import { bindContext } from "../../bind";
import * as links from "./account-links";
import type { AuthDeps } from "./context";
import * as customers from "./customer-accounts";
import * as merchants from "./merchant-accounts";
import * as sessions from "./session-actions";
import * as codes from "./sign-in-codes";
import * as twoFactor from "./two-factor";
import * as twoFactorSignIn from "./two-factor-sign-in";

/**
 * The auth module's public face. The flows live by who they serve: merchant-accounts.ts
 * (owners and staff), customer-accounts.ts (a shop's customers), account-links.ts (the
 * e-mailed verify, reset and invitation links), session-actions.ts (password change, sign-out,
 * the sessions list), two-factor.ts and two-factor-sign-in.ts (TOTP), over context.ts (tokens, password checks, the shared errors). Google sign-in is google.ts.
 */

export type { AccountEmails, AuthDeps } from "./context";

export function createAuthService(deps: AuthDeps) {
  return bindContext(deps, {
    signUpMerchant: merchants.signUpMerchant,
    signInMerchant: merchants.signInMerchant,
    getUser: merchants.getUser,
    updateUser: merchants.updateUser,
    sendStaffInvitation: merchants.sendStaffInvitation,
    signUpCustomer: customers.signUpCustomer,
    signInCustomer: customers.signInCustomer,
    signInWithVerifiedEmail: customers.signInWithVerifiedEmail,
    sendMemberWelcome: customers.sendMemberWelcome,
    requestSignInCode: codes.requestSignInCode,
    signInWithCode: codes.signInWithCode,
    verifyEmail: links.verifyEmail,
    resendVerification: links.resendVerification,
    forgotPassword: links.forgotPassword,
    verifyResetToken: links.verifyResetToken,
    resetPassword: links.resetPassword,
    setStaffPassword: links.setStaffPassword,
    updatePassword: sessions.updatePassword,
    setFirstPassword: sessions.setFirstPassword,
    logout: sessions.logout,
    listSessions: sessions.listSessions,
    revokeSession: sessions.revokeSession,
    signOutOthers: sessions.signOutOthers,
    twoFactorStatus: twoFactor.twoFactorStatus,
    startTwoFactor: twoFactor.startEnrolment,
    confirmTwoFactor: twoFactor.confirmEnrolment,
    disableTwoFactor: twoFactor.disableTwoFactor,
    renewRecoveryCodes: twoFactor.renewRecoveryCodes,
    requireFreshCode: twoFactor.requireFreshCode,
    getStaffPolicy: twoFactor.getStaffPolicy,
    setStaffPolicy: twoFactor.setStaffPolicy,
    verifyTwoFactor: twoFactorSignIn.verifyTwoFactor,
    startSignInEnrolment: twoFactorSignIn.startSignInEnrolment,
    confirmSignInEnrolment: twoFactorSignIn.confirmSignInEnrolment,
  });
}

export type AuthService = ReturnType<typeof createAuthService>;
