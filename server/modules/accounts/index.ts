// The accounts module as the rest of the server sees it: its routes, the back office's users and
// statistics, selling permission, the addresses other modules read, profile pictures (registered
// with the listings' media routes), the SMS port, and what other areas write and read of a user
// through it (money totals, provider ids, a user's uploads, linked accounts, identity status).
// The hooks come first: a module that subscribes may be loaded while this one still is.
export { accountClosing, contactMessageSent, userRenamed } from './hooks.js';
export { accountRoutes, callerDetailsRoute } from './routes.js';
export { userHandlers } from './admin.js';
export { statisticsHandlers } from './admin-statistics.js';
export { assertMaySell, sellingRefusal } from './selling.js';
export { localSms, type SmsSender, unavailableSms } from './sms.js';
export type { AccountPorts } from './ports.js';
export { marketAccounts } from './market-accounts.js';
export { profilePictureUploadUrl, removeProfilePicture, setProfilePicture } from './profile-pictures.js';
export { mediaUploadUrl, uploadedMediaUrl } from './uploads.js';
export { linkedAccountsOf, linksFromAny } from './linked-accounts.js';
export { addAddress, addressesOf, currentAddress } from './addresses.js';
export { adminUsersSource, loadAdminUser, loadUserSummaries, type UserSummary } from './user-admin.js';
export { enforcementHandlers } from './enforcement-admin.js';
export { teamHandlers } from './team-admin.js';
export { enforce, enforceIn, enforceManyIn } from './enforcement.js';
export { enforcementImpact, summedEnforcementImpact } from './enforcement-impact.js';
export { addPaymentFailedStrike, addSales, addSpend, storeProviderId } from './money-totals.js';
export { DECISIVE_VERIFICATION_FIRST, identityStatusOfUser } from './identity-status.js';
export { canonicalEmail } from './rules/canonical-email.js';
export { writeSellerLevel } from './seller-level.js';
