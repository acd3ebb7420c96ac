import { useAtomValue } from 'jotai';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '@/components/Icon';
import { focusRing, primaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { useSession } from '@/platform/session';
import { signInFieldErrorsAtom } from '@/state/signIn';

type TField = 'username' | 'password';

const inputClass = (invalid: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 dark:bg-slate-800 dark:text-slate-100 ${
    invalid
      ? 'border-error focus:outline-error dark:border-red-400'
      : 'border-slate-300 focus:outline-primary-500 dark:border-slate-600 dark:focus:outline-primary-300'
  }`;

/** The login page: username and password; the server's message shows on the form. */
const LoginPage = () => {
  const { LL } = useI18nContext();
  const { state, error, signIn } = useSession();
  const serverFieldErrors = useAtomValue(signInFieldErrorsAtom);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<TField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [tried, setTried] = useState(false);
  const ids = { username: useId(), password: useId(), message: useId() };

  const pending = state === 'signingIn' || state === 'loadingUser';
  const idleMinutes = (useLocation().state as { idleMinutes?: number } | null)?.idleMinutes;
  const message =
    state === 'expired'
      ? LL.login.bothExpired()
      : state === 'signedOut' && submitted && error
        ? error
        : idleMinutes && !tried
          ? LL.login.idleSignedOut({ minutes: idleMinutes })
          : null;
  const fieldError = (field: TField): string | undefined =>
    clientErrors[field] ?? (submitted && !pending ? serverFieldErrors[field] : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // A new attempt clears the last one's banner and messages, whatever stops this one.
    setSubmitted(false);
    setTried(true);
    const errors: Partial<Record<TField, string>> = {};
    if (!username.trim()) errors.username = LL.validation.required({ label: LL.login.username() });
    if (!password) errors.password = LL.validation.required({ label: LL.login.password() });
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSubmitted(true);
    signIn(username.trim(), password);
  };

  return (
    <div className="w-full max-w-sm">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-11 items-center justify-center rounded-full bg-primary-50 text-primary-700 dark:bg-primary-900/60 dark:text-primary-200">
            <Icon name="lock" className="size-5" />
          </span>
          <h1 className="font-semibold text-slate-900 text-xl dark:text-slate-50">{LL.login.title()}</h1>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{LL.login.subtitle()}</p>
        </div>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-describedby={message ? ids.message : undefined}
          className="space-y-4"
        >
          {message ? (
            <p
              id={ids.message}
              role="alert"
              className="flex items-start gap-2 rounded-md border border-error/30 bg-error-light px-3 py-2 text-error-dark text-sm dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
            >
              <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
              <span>{message}</span>
            </p>
          ) : null}
          <div>
            <label
              htmlFor={ids.username}
              className="mb-1 block font-medium text-slate-700 text-sm dark:text-slate-200"
            >
              {LL.login.username()}
            </label>
            <input
              id={ids.username}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-invalid={fieldError('username') ? true : undefined}
              aria-describedby={fieldError('username') ? `${ids.username}-error` : undefined}
              className={inputClass(!!fieldError('username'))}
            />
            {fieldError('username') ? (
              <p id={`${ids.username}-error`} className="mt-1 text-error text-xs dark:text-red-300">
                {fieldError('username')}
              </p>
            ) : null}
          </div>
          <div>
            <label
              htmlFor={ids.password}
              className="mb-1 block font-medium text-slate-700 text-sm dark:text-slate-200"
            >
              {LL.login.password()}
            </label>
            <div className="relative">
              <input
                id={ids.password}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={fieldError('password') ? true : undefined}
                aria-describedby={fieldError('password') ? `${ids.password}-error` : undefined}
                className={`${inputClass(!!fieldError('password'))} pr-10`}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? LL.login.hidePassword() : LL.login.showPassword()}
                aria-pressed={showPassword}
                className={`absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100 ${focusRing}`}
              >
                <Icon name={showPassword ? 'eyeOff' : 'eye'} className="size-4" />
              </button>
            </div>
            {fieldError('password') ? (
              <p id={`${ids.password}-error`} className="mt-1 text-error text-xs dark:text-red-300">
                {fieldError('password')}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending}
            className={`${primaryButton} w-full py-2.5`}
          >
            {pending ? (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            ) : null}
            {pending ? LL.login.submitting() : LL.login.submit()}
          </button>
        </form>
      </div>
    </div>
  );
};

export default LoginPage;
