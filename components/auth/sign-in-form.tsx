'use client';
import { Mail } from 'lucide-react';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';
import { Field, Input } from '@/components/ui/input';

export function SignInForm({ callbackUrl, defaultEmail }: { callbackUrl: string; defaultEmail?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Until hydrated, a click would submit the form natively instead of through the handler.
  const hydrated = useHydrated();

  // Read from the form, not from state: text typed before hydration still counts.
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('email') ?? '').trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError('Enter a valid email address.');
      return;
    }
    setError(null);
    setPending(true);
    try {
      const res = await signIn('email', { email: value, callbackUrl, redirect: false });
      if (!res || res.error) throw new Error(res?.error ?? 'failed');
      router.push(`/check-email?email=${encodeURIComponent(value)}`);
    } catch {
      setError('We could not send the sign-in link. Please try again.');
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
      <Field label="Work email" error={error}>
        {(p) => (
          <Input
            {...p}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            placeholder="you@company.com"
            defaultValue={defaultEmail}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" size="lg" loading={pending} loadingLabel="Sending the link…" disabled={!hydrated}>
        {!pending && <Mail className="h-4 w-4" aria-hidden />}
        Email me a sign-in link
      </Button>
    </form>
  );
}
