// What every section of the brand editor is handed: the form, its setter, and what the plan
// locks and the last save refused, field by field.
import type { Form, ImageSlot } from '../model';

export type SectionProps = {
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  /** The plan that unlocks a field, or null when the team's plan has it. */
  lock: (field: string) => string | null;
  err: (field: string) => string | null;
  imgErr: (slot: ImageSlot) => string | null;
  readOnly: boolean;
};

/** A brand (not a room's custom branding) edits its name and default flag too. */
export type EditorIdentity = { name: string; is_default: boolean; defaultLocked: string | null };

export const TEXTAREA =
  'block w-full rounded-lg border-0 px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-zinc-50 disabled:text-zinc-500';
