'use client';
// Settings → Security: the team's SAML single sign-on (IdP metadata as XML or URL, email
// domains, "Require SSO") and the service provider's addresses to give the identity provider.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useIsAdmin } from '@/components/shell/team-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { useTRPC } from '@/lib/trpc/react';

function SpRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <dt className="w-40 shrink-0 text-sm text-zinc-500">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md bg-zinc-50 px-2 py-1 font-mono text-xs text-zinc-800 ring-1 ring-zinc-200">{value}</code>
        <CopyButton value={value} ariaLabel={`Copy ${label}`} />
      </dd>
    </div>
  );
}

export function SsoCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notify = useToast();
  const isAdmin = useIsAdmin();
  const saml = useQuery(trpc.sso.saml.queryOptions());
  const [source, setSource] = useState<'xml' | 'url'>('xml');
  const [xml, setXml] = useState('');
  const [url, setUrl] = useState('');
  const [domains, setDomains] = useState('');
  const [requireSso, setRequireSso] = useState(false);
  useEffect(() => {
    if (!saml.data) return;
    setDomains(saml.data.domains.join(', '));
    setRequireSso(saml.data.require_sso);
    if (saml.data.metadata_url) {
      setSource('url');
      setUrl(saml.data.metadata_url);
    }
  }, [saml.data]);
  const save = useMutation(
    trpc.sso.configureSaml.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.sso.saml.queryFilter());
        setXml('');
        notify('Single sign-on saved.');
      },
    }),
  );
  const refresh = useMutation(
    trpc.sso.refreshSaml.mutationOptions({
      onSuccess: async (v) => {
        queryClient.setQueryData(trpc.sso.saml.queryKey(), v);
        notify(v.metadata_error ? 'The metadata could not be refreshed.' : 'Metadata refreshed from the identity provider.');
      },
    }),
  );
  const remove = useMutation(
    trpc.sso.removeSaml.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.sso.saml.queryFilter());
        notify('Single sign-on removed. Members sign in with email links again.');
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({
      ...(source === 'xml' ? (xml.trim() ? { metadata_xml: xml } : {}) : url.trim() && url.trim() !== saml.data?.metadata_url ? { metadata_url: url.trim() } : {}),
      domains: domains.split(/[\s,]+/).filter(Boolean),
      require_sso: requireSso,
    });
  }

  const c = saml.data;
  const error = (save.error ?? refresh.error ?? remove.error)?.message ?? null;
  return (
    <Card>
      <CardHeader
        title="SAML single sign-on"
        description="Members sign in through your identity provider (Okta, Entra ID, Google Workspace…). New people are added as members the first time they sign in."
        action={c?.configured ? <Badge tone="green">Active</Badge> : c ? <Badge>Not set up</Badge> : null}
      />
      <div className="space-y-5 px-5 py-4">
        {saml.isLoading && (
          <div className="space-y-2" aria-label="Loading single sign-on settings">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        )}
        {saml.isError && <p className="text-sm text-red-600">Could not load the single sign-on settings. Reload the page to try again.</p>}
        {c && !c.available && (
          <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
            <CircleAlert className="h-4 w-4 shrink-0" aria-hidden />
            Single sign-on comes with the Business plan and up.
          </p>
        )}
        {c && (
          <section aria-labelledby="sp-heading" className="space-y-2">
            <h3 id="sp-heading" className="text-sm font-medium text-zinc-800">
              Give these to your identity provider
            </h3>
            <dl className="space-y-2">
              <SpRow label="Entity ID / metadata" value={c.sp.metadata_url} />
              <SpRow label="ACS URL" value={c.sp.acs_url} />
            </dl>
          </section>
        )}
        {c?.configured && (
          <p className="flex items-start gap-2 text-sm text-zinc-600">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
            <span>
              Connected to <strong className="font-medium text-zinc-800 break-all">{c.idp_entity_id}</strong> ({c.idp_certificate_count} signing certificate{c.idp_certificate_count === 1 ? '' : 's'}).
            </span>
          </p>
        )}
        {c?.configured && c.metadata_url && (
          <div className="space-y-2 text-sm" data-testid="sso-metadata-refresh">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-zinc-600">
              <span>
                Follows the metadata URL daily
                {c.metadata_checked_at && (
                  <>
                    {' '}· last checked <RelativeTime iso={c.metadata_checked_at} />
                  </>
                )}
              </span>
              {isAdmin && c.available && (
                <Button type="button" variant="secondary" size="sm" loading={refresh.isPending} onClick={() => refresh.mutate()}>
                  Refresh now
                </Button>
              )}
            </p>
            {c.metadata_error && (
              <p role="status" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-800">
                <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <span>
                  The last refresh failed: {c.metadata_error} Members still sign in with the metadata fetched before.
                </span>
              </p>
            )}
          </div>
        )}
        {c && isAdmin && c.available && (
          <form onSubmit={submit} className="space-y-4">
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-zinc-800">Identity provider metadata</legend>
              <div role="radiogroup" className="inline-flex rounded-lg bg-zinc-100 p-0.5 text-sm">
                {(['xml', 'url'] as const).map((s) => (
                  <button
                    key={s}
                    type="button"
                    role="radio"
                    aria-checked={source === s}
                    onClick={() => setSource(s)}
                    className={`rounded-md px-3 py-1 ${source === s ? 'bg-white font-medium text-zinc-900 shadow-sm' : 'text-zinc-600 hover:text-zinc-900'}`}
                  >
                    {s === 'xml' ? 'Paste XML' : 'Metadata URL'}
                  </button>
                ))}
              </div>
              {source === 'xml' ? (
                <Field label="Metadata XML" hint={c.configured ? 'Leave empty to keep the current metadata.' : 'The IdP’s SAML metadata, starting with <EntityDescriptor…>.'}>
                  {(p) => <Textarea {...p} rows={5} value={xml} onChange={(e) => setXml(e.target.value)} className="font-mono text-xs" placeholder="<EntityDescriptor …>" />}
                </Field>
              ) : (
                <Field label="Metadata URL" hint="An https address on the public internet; fetched when you save, then daily, so a new signing certificate is picked up.">
                  {(p) => <Input {...p} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://idp.example.com/app/metadata" />}
                </Field>
              )}
            </fieldset>
            <Field label="Email domains" hint="People who enter an address at these domains on the sign-in page are sent to your identity provider.">
              {(p) => <Input {...p} value={domains} onChange={(e) => setDomains(e.target.value)} placeholder="example.com, example.co.uk" />}
            </Field>
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-zinc-300" checked={requireSso} onChange={(e) => setRequireSso(e.target.checked)} />
              <span>
                <span className="font-medium text-zinc-800">Require SSO</span>
                <span className="block text-zinc-500">Members reach this team only by signing in through the identity provider. Admins can still use an email link, so a broken IdP never locks you out. API tokens are not affected.</span>
              </span>
            </label>
            {error && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                {error}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : c.configured ? 'Save changes' : 'Turn on single sign-on'}
              </Button>
              {c.configured && (
                <Button type="button" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  Remove single sign-on
                </Button>
              )}
            </div>
          </form>
        )}
        {c && !isAdmin && <p className="text-sm text-zinc-500">Only team admins can change single sign-on.</p>}
      </div>
    </Card>
  );
}
