// The accounts module as the rest of the server sees it: its routes, the back office's users and
// statistics, selling permission, the addresses other modules read, profile pictures (registered
// with the listings' media routes) and the SMS port.
export { accountRoutes, callerDetailsRoute } from './routes.js';
export { userHandlers } from './admin.js';
export { statisticsHandlers } from './admin-statistics.js';
export { assertMaySell, sellingRefusal } from './selling.js';
export { localSms, type SmsSender, unavailableSms } from './sms.js';
export type { AccountPorts } from './ports.js';
export { profilePictureUploadUrl, removeProfilePicture, setProfilePicture } from './profile-pictures.js';
export { addAddress, addressesOf, currentAddress } from './addresses.js';
export { adminUsersSource, loadAdminUser } from './user-admin.js';
export { enforcementHandlers } from './enforcement-admin.js';
export { enforce } from './enforcement.js';
