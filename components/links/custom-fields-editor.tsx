'use client';
// The questions a visitor answers before opening the link: type, label, placeholder, required,
// options for choice lists; reorder and remove. The plan's cap is shown and enforced here too.
import { ArrowDown, ArrowUp, ListPlus, Plus, Trash2 } from 'lucide-react';
import { useIdentity } from '@/components/shell/team-context';
import { Button } from '@/components/ui/button';
import { Input, Select, Textarea } from '@/components/ui/input';
import { PLAN_LABELS } from '@/lib/format';
import { CUSTOM_FIELD_CAPS, CUSTOM_FIELD_TYPES } from '@/lib/shared/link-settings';
import { ErrorText } from './controls';
import { FIELD_TYPE_LABELS, newFieldKey, type FieldDraft, type FieldType } from './draft';

export function CustomFieldsEditor({ value, onChange, error }: { value: FieldDraft[]; onChange: (f: FieldDraft[]) => void; error?: string }) {
  const { team } = useIdentity();
  const cap = CUSTOM_FIELD_CAPS[team.plan];
  const plan = PLAN_LABELS[team.plan] ?? team.plan;
  const update = (i: number, patch: Partial<FieldDraft>) => onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const move = (i: number, by: number) => {
    const next = [...value];
    const [f] = next.splice(i, 1);
    next.splice(i + by, 0, f!);
    onChange(next);
  };
  const add = () => onChange([...value, { key: newFieldKey(), type: 'text', label: '', placeholder: '', required: false, options: '' }]);
  const over = value.length > cap;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600">Visitors answer these before they open the link; answers appear on each view.</p>
        <span className={over ? 'text-xs font-medium text-red-600' : 'text-xs text-zinc-500'} data-testid="custom-field-cap">
          {cap === 0 ? `Not included in the ${plan} plan` : `${value.length} of ${cap} on the ${plan} plan`}
        </span>
      </div>
      {value.length === 0 && (
        <div className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500">
          <ListPlus className="mx-auto mb-2 h-5 w-5 text-zinc-400" aria-hidden />
          {cap === 0 ? 'Custom fields come with the Pro plan and above. Ask a team admin to upgrade.' : 'No questions: visitors go straight on.'}
        </div>
      )}
      <ol className="space-y-3">
        {value.map((f, i) => (
          <li key={f.key} className="rounded-lg p-3 ring-1 ring-zinc-200" aria-label={`Field ${i + 1}`}>
            <div className="grid gap-2 sm:grid-cols-[9rem_minmax(0,1fr)]">
              <Select aria-label={`Field ${i + 1} type`} value={f.type} onChange={(e) => update(i, { type: e.target.value as FieldType })}>
                {CUSTOM_FIELD_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {FIELD_TYPE_LABELS[t]}
                  </option>
                ))}
              </Select>
              <Input aria-label={`Field ${i + 1} label`} placeholder="Label, e.g. Company" maxLength={200} value={f.label} onChange={(e) => update(i, { label: e.target.value })} />
            </div>
            {f.type !== 'checkbox' && (
              <Input
                className="mt-2"
                aria-label={`Field ${i + 1} placeholder`}
                placeholder="Placeholder (optional)"
                maxLength={200}
                value={f.placeholder}
                onChange={(e) => update(i, { placeholder: e.target.value })}
              />
            )}
            {f.type === 'select' && (
              <Textarea
                className="mt-2"
                rows={3}
                aria-label={`Field ${i + 1} options`}
                placeholder={'One option a line\nInvestor\nAdvisor'}
                value={f.options}
                onChange={(e) => update(i, { options: e.target.value })}
              />
            )}
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <label className="flex items-center gap-2 text-sm text-zinc-700">
                <input type="checkbox" className="h-4 w-4 rounded border-zinc-300 text-brand-600" checked={f.required} onChange={(e) => update(i, { required: e.target.checked })} />
                Required
              </label>
              <div className="flex items-center gap-0.5">
                <Button variant="ghost" size="icon" aria-label={`Move field ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp className="h-4 w-4" aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" aria-label={`Move field ${i + 1} down`} disabled={i === value.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown className="h-4 w-4" aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" className="text-red-600 hover:bg-red-50" aria-label={`Remove field ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <ErrorText>{error}</ErrorText>
      <Button variant="secondary" size="sm" onClick={add} disabled={value.length >= cap}>
        <Plus className="h-4 w-4" aria-hidden />
        Add field
      </Button>
    </div>
  );
}
