// CSV exports for the signed-in dashboard user: a link's or a document's views, a document's
// time per page, a room's visitors, or what a room's or a link's visitors searched for, for a range (the analytics range rules). Team-scoped through the dashboard
// context; cells that a spreadsheet would run as formulas are defused (server/lib/csv.ts).
import { ApiError, invalid } from '@/server/errors';
import { dashboardRoute } from '@/server/dashboard/raw-routes';
import { csvResponse, toCsv } from '@/server/lib/csv';
import { documentAnalytics, viewsForExport } from '@/server/services/analytics/reports';
import { roomVisitorsForExport } from '@/server/services/analytics/room-detail';
import { linkSearches, roomSearches } from '@/server/services/analytics/searches';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const ms = (v: string | null) => (v === null ? undefined : /^[0-9]{1,15}$/.test(v) ? Number(v) : NaN);

export const GET = (req: Request) =>
  dashboardRoute(req, async (ctx) => {
    const p = new URL(req.url).searchParams;
    const range = { since: ms(p.get('since')), until: ms(p.get('until')) };
    if (Number.isNaN(range.since)) throw invalid('since', 'must be unix milliseconds');
    if (Number.isNaN(range.until)) throw invalid('until', 'must be unix milliseconds');
    const kind = p.get('kind');
    let csv: string;
    let name: string;
    if (kind === 'pages' && p.get('document_id')) {
      const a = await documentAnalytics(ctx.actor, p.get('document_id')!, { ...range, version_id: p.get('version_id') ?? undefined });
      csv = toCsv(['page_number', 'avg_duration_seconds'], a.avg_page_duration_seconds.map((x) => [x.page_number, x.avg_duration_seconds]));
      name = `pages-${a.document_id}.csv`;
    } else if (kind === 'views' && (p.get('link_id') || p.get('document_id'))) {
      const v = await viewsForExport(ctx.actor, { linkId: p.get('link_id') ?? undefined, documentId: p.get('document_id') ?? undefined }, range);
      csv = toCsv(v.header, v.rows);
      name = `views-${p.get('link_id') ?? p.get('document_id')}.csv`;
    } else if (kind === 'room_visitors' && p.get('dataroom_id')) {
      const v = await roomVisitorsForExport(ctx.actor, p.get('dataroom_id')!, range);
      csv = toCsv(v.header, v.rows);
      name = `visitors-${v.roomId}.csv`;
    } else if (kind === 'searches' && (p.get('dataroom_id') || p.get('link_id'))) {
      const r = p.get('dataroom_id') ? await roomSearches(ctx.actor, p.get('dataroom_id')!, range) : await linkSearches(ctx.actor, p.get('link_id')!, range);
      csv = toCsv(['query', 'searches', 'visits', 'searches_without_hits', 'last_searched_at'], r.queries.map((x) => [x.query, x.searches, x.visits, x.without_hits, x.last_searched_at]));
      name = `searches-${r.dataroom_id ?? r.link_id}.csv`;
    } else {
      throw new ApiError('bad_request', 'kind=views with link_id or document_id, kind=pages with document_id, kind=room_visitors with dataroom_id, or kind=searches with dataroom_id or link_id.');
    }
    return csvResponse(csv, name);
  });
