'use client';
// What the plan allows for brands, said the same way on every branding screen: the cap, the
// plans that lift it, and the admin command self-hosters use to set a plan.
import { useIdentity } from '@/components/shell/team-context';
import { cn } from '@/lib/cn';
import { PLAN_LABELS } from '@/lib/format';
import { planList, type BrandUsage } from './model';

export const atCap = (u: BrandUsage) => u.used >= u.limit;

/** One sentence: why no more brands can be created, and which plans allow more. */
export function capSentence(u: BrandUsage): string {
  const plan = PLAN_LABELS[u.plan] ?? u.plan;
  if (u.limit === 0) return `Brands need the Pro plan or higher: the ${plan} plan includes none.`;
  const lift = u.plans_that_lift.length ? ` ${planList(u.plans_that_lift)} ${u.plans_that_lift.length === 1 ? 'allows' : 'allow'} more.` : '';
  return `The ${plan} plan includes ${u.limit} ${u.limit === 1 ? 'brand' : 'brands'}, and the team has ${u.used}.${lift}`;
}

/** The admin command that sets a plan, with this team's slug and the plans to choose from. */
export function SelfHostNote({ plans, className }: { plans: readonly string[]; className?: string }) {
  const { team } = useIdentity();
  return (
    <div className={cn('text-xs text-zinc-500', className)} data-testid="self-host-note">
      <p>Self-hosting Quire? An operator sets the team’s plan with</p>
      <code className="mt-1 inline-block max-w-full rounded-md bg-zinc-100 px-2 py-1 font-mono text-[11px] break-all text-zinc-800 ring-1 ring-zinc-200 ring-inset">
        npm run admin -- team set-plan {team.slug} &lt;plan&gt;
      </code>
      {plans.length > 0 && (
        <p className="mt-1">
          where <span className="font-mono">&lt;plan&gt;</span> is {plans.length > 1 ? 'one of ' : ''}
          {plans.map((p, i) => (
            <span key={p}>
              {i > 0 && (i === plans.length - 1 ? ' or ' : ', ')}
              <span className="font-mono text-zinc-700">{p}</span>
            </span>
          ))}
          .
        </p>
      )}
    </div>
  );
}
