// Text messages to phones (the one-time codes of phone verification). The port is what the
// account service needs; the local sender is the embedded default: there is no carrier, so the
// message goes to the server's log and a short in-memory outbox a developer or a test reads.
// A production sender (Twilio, Amazon SNS…) implements the same `send`.

export interface SmsMessage {
  /** E.164, e.g. +15125550143. */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Resolves once the provider accepted the message; rejects with a reason the user may read. */
  send(message: SmsMessage): Promise<void>;
}

/** Messages the local sender keeps, newest last (older ones are dropped). */
export const LOCAL_OUTBOX_SIZE = 100;

export interface LocalSms extends SmsSender {
  /** What was "sent", newest last. */
  readonly outbox: readonly SmsMessage[];
  /** The newest message to a number. */
  lastTo(to: string): SmsMessage | undefined;
}

export function localSms(log: (message: SmsMessage) => void = () => undefined): LocalSms {
  const outbox: SmsMessage[] = [];
  return {
    outbox,
    async send(message) {
      outbox.push(message);
      if (outbox.length > LOCAL_OUTBOX_SIZE) outbox.shift();
      log(message);
    },
    lastTo(to) {
      return outbox.findLast((message) => message.to === to);
    },
  };
}

/** Why a code cannot be sent at all: no provider is configured (production without one). */
export class SmsUnavailableError extends Error {
  constructor() {
    super('Phone verification is not available: this server has no SMS provider');
    this.name = 'SmsUnavailableError';
  }
}

/**
 * Production's sender until a provider is configured: the local sender would write every code
 * to the server's log, so nothing is sent and the phone routes answer 503 instead.
 */
export function unavailableSms(): SmsSender {
  return {
    send: async () => {
      throw new SmsUnavailableError();
    },
  };
}
