// How a dashboard tab names the team it shows, so a tab keeps acting on that team whatever the
// last-chosen-team cookie says: tRPC calls send a header; plain links (CSV downloads) a parameter.
export const TEAM_HEADER = 'x-quire-team';
export const TEAM_PARAM = 'team';

/** `url` with the tab's team as a query parameter. */
export function withTeam(url: string, teamId: string | null | undefined): string {
  if (!teamId) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${TEAM_PARAM}=${encodeURIComponent(teamId)}`;
}
