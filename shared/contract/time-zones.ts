// The time zones the app offers: a seller's auction end time (`GET /timezone`) and a profile's time zone.
/** The time zones of the US states and inhabited territories (IANA names): the
 * mainland's four zones first, then Arizona, Alaska, Hawaii and the territories. */
export const US_TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern Time' },
  { id: 'America/Chicago', label: 'Central Time' },
  { id: 'America/Denver', label: 'Mountain Time' },
  { id: 'America/Phoenix', label: 'Mountain Time - Arizona (no daylight saving)' },
  { id: 'America/Los_Angeles', label: 'Pacific Time' },
  { id: 'America/Anchorage', label: 'Alaska Time' },
  { id: 'America/Adak', label: 'Hawaii-Aleutian Time - Aleutian Islands' },
  { id: 'Pacific/Honolulu', label: 'Hawaii Time' },
  { id: 'America/Puerto_Rico', label: 'Atlantic Time - Puerto Rico, US Virgin Islands' },
  { id: 'Pacific/Guam', label: 'Chamorro Time - Guam, Northern Mariana Islands' },
  { id: 'Pacific/Pago_Pago', label: 'Samoa Time - American Samoa' },
] as const;
