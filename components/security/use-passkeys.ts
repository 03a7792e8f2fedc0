'use client';
// The browser half of the passkey ceremonies (@simplewebauthn/browser): options from the server,
// the authenticator's answer back to it.
import { useMutation } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useTRPC } from '@/lib/trpc/react';

/** The browser refused or the person cancelled: said in words, not as a stack. */
export const passkeyError = (e: unknown) =>
  e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError') ? 'The passkey request was cancelled or timed out.' : null;

export function useAddPasskey(onDone: () => void) {
  const trpc = useTRPC();
  const options = useMutation(trpc.security.passkeys.registrationOptions.mutationOptions());
  const register = useMutation(trpc.security.passkeys.register.mutationOptions({ onSuccess: onDone }));
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await options.mutateAsync();
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      return register.mutateAsync({ name, response: response as never });
    },
  });
}

export function useVerifyPasskey(onDone: () => void) {
  const trpc = useTRPC();
  const options = useMutation(trpc.security.passkeys.authenticationOptions.mutationOptions());
  const verify = useMutation(trpc.security.passkeys.verify.mutationOptions({ onSuccess: onDone }));
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await options.mutateAsync();
      const response = await startAuthentication({ optionsJSON: optionsJSON as never });
      return verify.mutateAsync({ response: response as never });
    },
  });
}

/**
 * Removes a passkey; the last second factor only with the passkey's own confirmation (the server
 * asks for it: removing it turns two-factor authentication off).
 */
export function useRemovePasskey(onDone: () => void) {
  const trpc = useTRPC();
  const options = useMutation(trpc.security.passkeys.authenticationOptions.mutationOptions());
  const remove = useMutation(trpc.security.passkeys.remove.mutationOptions({ onSuccess: onDone }));
  return useMutation({
    mutationFn: async ({ id, confirm }: { id: string; confirm: boolean }) => {
      if (!confirm) return remove.mutateAsync({ id });
      const optionsJSON = await options.mutateAsync();
      const response = await startAuthentication({ optionsJSON: optionsJSON as never });
      return remove.mutateAsync({ id, response: response as never });
    },
  });
}
