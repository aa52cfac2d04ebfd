import type { CodeAuditEntryAnswer } from '@multimfa/api-contract';
import type { CsvColumns } from '../admin-reports/use-range-report';

/** One line of the export: a text, and one thing that happened to its code. */
export interface CodeAuditLine {
  entry: CodeAuditEntryAnswer;
  who: 'member' | 'destination' | 'reveal' | 'bot';
  name: string;
  /** The channel (EMAIL, SMS), the destination's kind, or what a bot did. */
  how: string;
  status: string;
  at: string | null;
}

/** Every recipient, reveal and bot of every text, a line each; a text nothing happened to, one line. */
export function codeAuditLines(entries: CodeAuditEntryAnswer[]): CodeAuditLine[] {
  return entries.flatMap((entry): CodeAuditLine[] => {
    const lines: CodeAuditLine[] = [
      ...entry.members.map((m) => ({
        entry,
        who: 'member' as const,
        name: m.name,
        how: m.channel,
        status: m.status,
        at: m.at,
      })),
      ...entry.destinations.map((d) => ({
        entry,
        who: 'destination' as const,
        name: d.name,
        how: d.kind,
        status: d.status,
        at: d.at,
      })),
      ...entry.reveals.map((r) => ({
        entry,
        who: 'reveal' as const,
        name: r.revealedBy,
        how: 'revealed on the page',
        status: '',
        at: r.at,
      })),
      ...entry.bots.map((b) => ({
        entry,
        who: 'bot' as const,
        name: b.name,
        how: b.action,
        status: '',
        at: b.at,
      })),
    ];
    return lines.length ? lines : [{ entry, who: 'member', name: '', how: '', status: 'nobody', at: null }];
  });
}

/** The export's columns: the text, then who had its code, how and when. */
export const CODE_AUDIT_CSV_COLUMNS: CsvColumns<CodeAuditLine> = [
  ['Received', (line) => line.entry.receivedAt],
  ['Sender', (line) => line.entry.sender],
  ['Service', (line) => line.entry.codeService ?? ''],
  ['Message ID', (line) => line.entry.messageId],
  ['Who', (line) => (line.status === 'nobody' ? '' : line.who)],
  ['Name', (line) => line.name],
  ['How', (line) => line.how],
  ['Status', (line) => line.status],
  ['At', (line) => line.at ?? ''],
];
