// The accounts module as the rest of the server sees it: the user's own account and its routes,
// selling permission, addresses, profile pictures, the SMS port, and the back office's users.
export { accountRoutes, callerDetailsRoute } from './routes.js';
export { userHandlers } from './admin.js';
export { statisticsHandlers } from './admin-statistics.js';
export { assertMaySell, SELLING_SUSPENDED_MESSAGE, sellingRefusal } from './selling.js';
export {
  localSms,
  type LocalSms,
  type SmsMessage,
  type SmsSender,
  SmsUnavailableError,
  unavailableSms,
} from './sms.js';
export { profilePictureUploadUrl, removeProfilePicture, setProfilePicture } from './profile-pictures.js';
export { AddressBody, addAddress, addressesOf, addressOf, type AddressRow, currentAddress } from './addresses.js';
