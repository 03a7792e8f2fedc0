'use client';
// What the plan allows for brands, said the same way on every branding screen: the cap, the
// plans that lift it, and the admin command self-hosters use to set a plan.
import { useIdentity } from '@/components/shell/team-context';
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
    <p className={className ?? 'text-xs text-zinc-500'}>
      Self-hosting Quire? An operator sets the team’s plan with{' '}
      <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[11px] break-all text-zinc-700">
        npm run admin -- team set-plan {team.slug} &lt;plan&gt;
      </code>
      {plans.length ? (
        <>
          {' '}
          where <code className="font-mono text-[11px]">&lt;plan&gt;</code> is {plans.length > 1 ? 'one of ' : ''}
          {plans.map((p, i) => (
            <span key={p}>
              {i > 0 && (i === plans.length - 1 ? ' or ' : ', ')}
              <code className="font-mono text-[11px] text-zinc-700">{p}</code>
            </span>
          ))}
          .
        </>
      ) : null}
    </p>
  );
}
