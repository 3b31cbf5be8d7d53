import type { IngestReport } from '../modules/scenes/ingest.service';

/**
 * How the demo start reports its real STAC items. The operator's `ingest` command lists every
 * rejected line (an operator acts on it); at start the same fact read as an error although nothing
 * is wrong: the sample files hold a few items of satellites the demo constellation does not have.
 * Those are said to be left out, as information; any other refusal is still called a problem.
 */
export function describeDemoIngest(report: IngestReport): string[] {
  if (report.skipped) return [];
  const added = report.inserted + report.updated;
  const outsideCatalogue = report.rejected.filter((r) => r.reason.startsWith('unknown platform'));
  const unreadable = report.rejected.filter((r) => !outsideCatalogue.includes(r));
  const lines = [`${report.source}: ${added} of ${report.read} real scenes added to the archive`];
  if (outsideCatalogue.length) {
    const platforms = [...new Set(outsideCatalogue.map((r) => /"([^"]+)"/.exec(r.reason)?.[1] ?? '?'))];
    lines.push(
      `  left out ${outsideCatalogue.length} of satellites the demo constellation does not include (${platforms.join(', ')}); nothing is wrong`,
    );
  }
  for (const r of unreadable)
    lines.push(`  problem: ${r.where}${r.id ? ` (${r.id})` : ''} could not be added: ${r.reason}`);
  return lines;
}
