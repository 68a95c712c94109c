// "Confirm it's you": the password prompt of a step-up action, in the same window. The password
// goes to main once (market.session.reauthenticate); the window never sees a token. Cancel leaves
// the action undone.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { market } from '../../bridge.js';
import { settleStepUp, useStepUpOpen } from './step-up-store.js';

export function StepUpDialog() {
  const open = useStepUpOpen();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = (confirmed: boolean) => {
    setPassword('');
    setProblem(null);
    settleStepUp(confirmed);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    try {
      const result = await market.session.reauthenticate(password);
      if (result.ok) close(true);
      else setProblem(result.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={open}
      title="Confirm it’s you"
      onClose={() => !busy && close(false)}
      canOutsideClickClose={false}
      className="step-up-dialog"
      // Above the dialog whose action asked (a refund, a ban): see app.css.
      portalClassName="step-up-portal"
    >
      <form onSubmit={(event) => void submit(event)}>
        <DialogBody>
          <p>This action needs a recent sign-in. Enter your password to go on.</p>
          <FormGroup label="Password" labelFor="step-up-password">
            <InputGroup
              id="step-up-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onValueChange={setPassword}
              disabled={busy}
            />
          </FormGroup>
          {problem && (
            <Callout intent="danger" role="alert">
              {problem}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" intent="primary" loading={busy} disabled={!password}>
                Confirm
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
