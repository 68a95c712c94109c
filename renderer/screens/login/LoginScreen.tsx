// The sign-in screen.
import { Button, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { market } from '../../bridge.js';
import { showToast } from '../../app/toaster.js';
import { sessionStore } from '../../stores/session-store.js';
import { EMPTY_CREDENTIALS_TOAST, SIGN_IN_FAILED_TOAST, hasCredentials, signInToast } from './login-form.js';

export function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasCredentials(email, password)) {
      showToast(EMPTY_CREDENTIALS_TOAST);
      return;
    }
    setBusy(true);
    try {
      const result = await sessionStore.getState().signIn(email.trim(), password);
      const toast = signInToast(result);
      if (toast) {
        // A signed-in non-admin must not stay signed in.
        if (result.ok) await market.session.signOut();
        showToast(toast);
        return;
      }
      navigate('/dashboard/home', { replace: true });
    } catch {
      showToast(SIGN_IN_FAILED_TOAST);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login-page">
      <Card className="login-card" elevation={2}>
        <H2>Sign In</H2>
        <p className="login-helper">If you already have an account, login here.</p>
        {/* noValidate: empty fields get our toast, not the browser's bubble. */}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <FormGroup label="Email address" labelFor="login-email" labelInfo="(required)">
            <InputGroup
              id="login-email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onValueChange={setEmail}
              autoFocus
            />
          </FormGroup>
          <FormGroup label="Password" labelFor="login-password" labelInfo="(required)">
            <InputGroup
              id="login-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          <Button type="submit" intent="primary" fill loading={busy}>
            Login
          </Button>
        </form>
      </Card>
    </main>
  );
}
