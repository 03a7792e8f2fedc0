// Outgoing mail: sign-in links, invitations, viewers' one-time codes and visit notifications.
// With EMAIL_SERVER and EMAIL_FROM set it sends through nodemailer; without them (local dev,
// tests) it prints the link or the code to the server log on one line, so `npm run dev` works
// with nothing configured. Only what is meant for the reader of the log is printed.
import nodemailer from 'nodemailer';
import { config } from '../config';

export type LinkMail = {
  to: string;
  /** What the link is, for the log line: "magic link", "invitation link". */
  kind: string;
  subject: string;
  /** One paragraph of plain text above the link. */
  intro: string;
  actionLabel: string;
  url: string;
  /** Mail sent on a team's behalf: its name as the sender and heading, its brand colour on the button. */
  brand?: { name: string; color: string | null };
  /** The sender's own words, shown quoted under the intro (link invitations). */
  message?: string | null;
};

export function mailConfigured(): boolean {
  return config.mail !== null;
}

let transport: nodemailer.Transporter | null = null;

export const appUrl = (): string => config.appUrl;

export async function sendLinkMail(m: LinkMail): Promise<void> {
  if (!mailConfigured()) {
    // A branded mail's log line also names the sender and the message: in the embedded default
    // the log stands in for the recipient's inbox.
    const extra = m.brand ? ` (from ${JSON.stringify(m.brand.name)}${m.message ? `, message ${JSON.stringify(m.message)}` : ''})` : '';
    console.log(`[quire] ${m.kind} for ${m.to}: ${m.url}${extra}`);
    logSubject(m);
    return;
  }
  transport ??= nodemailer.createTransport(config.mail!.server);
  const from = config.mail!.from;
  const result = await transport.sendMail({
    to: m.to,
    from: m.brand ? { name: m.brand.name, address: senderAddress(from) } : from,
    subject: m.subject,
    text: `${m.intro}\n\n${m.message ? `${m.message}\n\n` : ''}${m.actionLabel}: ${m.url}\n\nIf you did not expect this email, you can ignore it.\n`,
    html: html(m),
  });
  const failed = [...(result.rejected ?? []), ...(result.pending ?? [])];
  if (failed.length) throw new Error(`Email to ${failed.join(', ')} could not be sent`);
}

/** A plain message with no link to follow (one-time codes, visit notifications). */
export type NoticeMail = {
  to: string;
  /** What it is, for the log line: "one-time code", "view notification". */
  kind: string;
  subject: string;
  text: string;
  /** The one value the log line shows (the code; the dashboard URL of the link). */
  logValue: string;
  /** Files sent with it (an acceptance's PDF receipt); not printed to the log. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export async function sendNoticeMail(m: NoticeMail): Promise<void> {
  if (!mailConfigured()) {
    console.log(`[quire] ${m.kind} for ${m.to}: ${m.logValue}`);
    logSubject(m);
    return;
  }
  transport ??= nodemailer.createTransport(config.mail!.server);
  const result = await transport.sendMail({ to: m.to, from: config.mail!.from, subject: m.subject, text: m.text, attachments: m.attachments });
  const failed = [...(result.rejected ?? []), ...(result.pending ?? [])];
  if (failed.length) throw new Error(`Email to ${failed.join(', ')} could not be sent`);
}

// The subject on a line of its own (the line above keeps its one value for whoever reads it):
// what the recipient would read as the mail's title. Subjects carry no codes or tokens.
const logSubject = (m: { kind: string; to: string; subject: string }) => console.log(`[quire] ${m.kind} subject for ${m.to}: ${m.subject}`);

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The address of EMAIL_FROM ("Quire <no-reply@x>" or a bare address). */
const senderAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

const HEX = /^#[0-9a-fA-F]{6}$/;

function html(m: LinkMail): string {
  const heading = m.brand?.name ?? 'Quire';
  const accent = m.brand?.color && HEX.test(m.brand.color) ? m.brand.color : '#4f46e5';
  const quote = m.message
    ? `\n<tr><td style="font-size:15px;line-height:1.5;padding:0 0 24px 12px;border-left:3px solid ${accent};white-space:pre-wrap">${esc(m.message)}</td></tr>`
    : '';
  return `<!doctype html><html><body style="margin:0;padding:32px 16px;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-size:18px;font-weight:600;padding-bottom:16px">${esc(heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5;padding-bottom:24px">${esc(m.intro)}</td></tr>${quote}
<tr><td style="padding-bottom:24px"><a href="${esc(m.url)}" style="display:inline-block;background:${accent};color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${esc(m.actionLabel)}</a></td></tr>
<tr><td style="font-size:13px;color:#71717a;line-height:1.5">If you did not expect this email, you can ignore it.</td></tr>
</table></body></html>`;
}
