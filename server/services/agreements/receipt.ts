// The PDF receipt of one acceptance (DESIGN.md "Agreements"): the terms as accepted, who (name,
// email), when, from where (address, user agent) and the version hash. Drawn with pdf-lib in
// Helvetica; characters outside its WinAnsi set are printed as "?" (the API keeps the exact text).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Actor } from '../../auth/actor';
import { db } from '../../db/client';
import { notFound } from '../../errors';
import { wrapText } from '../../lib/wrap-text';
import { findAgreement } from './agreements';

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (s: string) =>
  [...s.replace(/\t/g, '    ')].map((c) => (c === '\n' || (c >= ' ' && c.charCodeAt(0) <= 0xff && !(c >= '\u007f' && c < '\u00a0')) || WIN_ANSI_EXTRA.has(c) ? c : '?')).join('');

type Line = { text: string; font: PDFFont; size: number; gap?: number };

const wrap = (text: string, font: PDFFont, size: number, width: number) => wrapText(printable(text), (s) => font.widthOfTextAtSize(s, size), width);

export async function acceptanceReceipt(actor: Actor, agreementId: string, acceptanceId: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  const agreement = await findAgreement(db, actor, agreementId);
  const acc = await db.agreementAcceptance.findFirst({ where: { id: acceptanceId, agreementId: agreement.id, teamId: actor.teamId } });
  if (!acc) throw notFound('Acceptance');
  return { fileName: `receipt-${acc.id}.pdf`, bytes: await drawReceipt({ agreementName: agreement.name, ...acc }) };
}

export async function drawReceipt(a: {
  agreementName: string;
  agreementVersion: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  acceptedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  linkId: string | null;
  id: string;
  terms: string;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Acceptance of ${printable(a.agreementName)}`);
  pdf.setProducer('Quire');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const [W, H, M] = [595.28, 841.89, 56];
  const width = W - 2 * M;
  const lines: Line[] = [{ text: 'Agreement acceptance receipt', font: bold, size: 18, gap: 10 }];
  const field = (label: string, value: string, font = regular) => {
    lines.push({ text: label, font: bold, size: 9 });
    for (const t of wrap(value, font, 10, width)) lines.push({ text: t, font, size: 10 });
    lines.push({ text: '', font: regular, size: 4 });
  };
  field('Agreement', a.agreementName);
  field('Version (SHA-256 of the terms)', a.agreementVersion, mono);
  field('Accepted by', a.name ?? '(no name asked)');
  field('Email', a.email ? `${a.email} (${a.emailVerified ? 'verified with a one-time code' : 'unverified: typed by the visitor, never confirmed'})` : '(no email asked)');
  field('Accepted at (UTC)', a.acceptedAt.toISOString());
  field('IP address', a.ipAddress ?? 'unknown');
  field('User agent', a.userAgent ?? 'unknown');
  field('Receipt', `${a.id}${a.linkId ? ` (link ${a.linkId})` : ''}`);
  lines.push({ text: 'Terms as accepted', font: bold, size: 12, gap: 6 });
  for (const t of wrap(a.terms, regular, 10, width)) lines.push({ text: t, font: regular, size: 10 });

  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;
  for (const l of lines) {
    const h = l.size * 1.4 + (l.gap ?? 0);
    if (y - h < M) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
    y -= l.size * 1.4;
    if (l.text) page.drawText(l.text, { x: M, y, size: l.size, font: l.font, color: rgb(0.1, 0.1, 0.12) });
    y -= l.gap ?? 0;
  }
  return pdf.save();
}
