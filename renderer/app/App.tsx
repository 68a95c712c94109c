import { NonIdealState } from '@blueprintjs/core';

/** The back-office app. Screens arrive with the UI issue; until then it says so. */
export function App() {
  return <NonIdealState icon="shop" title="Market Admin" description="The back-office screens are being built." />;
}
