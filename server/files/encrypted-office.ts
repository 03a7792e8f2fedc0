// A password-protected Office Open XML file (docx, xlsx, pptx) is not a ZIP: Office wraps the
// encrypted package in a Compound File Binary container holding an `EncryptionInfo` and an
// `EncryptedPackage` stream (MS-OFFCRYPTO 2.3.4). Stream names are stored in UTF-16LE in the
// container's directory sectors.
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

export const isCompoundFile = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(8, bytes.byteLength)).equals(CFB_SIGNATURE);

/** Whether the bytes are an encrypted OOXML package (a compound file with both encryption streams). */
export function isEncryptedOoxml(bytes: Uint8Array): boolean {
  if (!isCompoundFile(bytes)) return false;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return b.includes(ENCRYPTION_INFO) && b.includes(ENCRYPTED_PACKAGE);
}

/** The Office Open XML types a password-protected file is accepted as (declared, since the bytes cannot say which). */
export const OOXML_CONTENT_TYPES: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
