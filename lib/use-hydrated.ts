'use client';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false in the server render and until hydration, then true. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
