'use client';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';

export function CopyButton({ value, label = 'Copy', ariaLabel }: { value: string; label?: string; /** When the visible label alone does not say what is copied. */ ariaLabel?: string }) {
  const [copied, setCopied] = useState<boolean | 'failed'>(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied('failed');
    }
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <Button variant="secondary" size="sm" onClick={copy} aria-live="polite" aria-label={ariaLabel && copied !== true ? ariaLabel : undefined}>
      {copied === true ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {copied === true ? 'Copied' : copied === 'failed' ? 'Select and copy' : label}
    </Button>
  );
}
