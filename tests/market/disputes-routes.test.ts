// Chargebacks on embedded PGlite (disputes.suite.ts).
import { disputesSuite, startDisputesApp } from './disputes.suite.js';

disputesSuite(() => startDisputesApp());
