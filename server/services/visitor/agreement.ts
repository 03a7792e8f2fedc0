// What the agreement step shows: the link's agreement (its terms, and for a document its pages).
import { db } from '../../db/client';
import type { AgreementContentType } from '../../../lib/shared/agreements';
import type { ViewerLink } from './links';

export type ViewerAgreement = {
  name: string;
  contentType: AgreementContentType;
  text: string | null;
  url: string | null;
  /** A document's primary version, shown as page images; null when it cannot be shown. */
  document: { versionId: string; storageKey: string | null; contentType: string; numPages: number; pageWidth: number | null; pageHeight: number | null } | null;
  requireName: boolean;
};

export async function viewerAgreement(link: Pick<ViewerLink, 'agreementId' | 'teamId'>): Promise<ViewerAgreement | null> {
  if (!link.agreementId) return null;
  const a = await db.agreement.findFirst({ where: { id: link.agreementId, teamId: link.teamId } });
  if (!a) return null;
  const v = a.documentId
    ? await db.documentVersion.findFirst({
        where: { isPrimary: true, document: { id: a.documentId, teamId: link.teamId } },
        select: { id: true, storageKey: true, contentType: true, numPages: true, pageWidth: true, pageHeight: true },
      })
    : null;
  return {
    name: a.name,
    contentType: a.contentType,
    text: a.text,
    url: a.url,
    document: v && v.contentType === 'application/pdf' ? { versionId: v.id, storageKey: v.storageKey, contentType: v.contentType, numPages: v.numPages, pageWidth: v.pageWidth, pageHeight: v.pageHeight } : null,
    requireName: a.requireName,
  };
}
