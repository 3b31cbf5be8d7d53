#!/usr/bin/env node
/**
 * Writes apps/web/public/legal/eula.pdf, the end-user licence agreement the order dialogs link to
 * (spec 001 §2 "Order confirmation dialog"). Run `node scripts/make-eula.mjs` after changing the text.
 * English only: the PDF standard fonts have no Chinese glyphs, and embedding a CJK font would add
 * megabytes to the product for one page.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'apps/web/public/legal/eula.pdf');

const title = 'Satportal End-User Licence Agreement';
const sections = [
  [
    'About this agreement',
    'This agreement is between the imagery provider operating this Satportal demonstration ("the provider") and the organisation that orders imagery through it ("the licensee"). Ticking the licence box in an order dialog accepts it for that order.',
  ],
  [
    '1. Licence',
    "The provider grants the licensee a non-exclusive, non-transferable licence to use the ordered imagery and the products derived from it for the application named in the order, within the licensee's organisation, or for the end user named in the order when the licensee is a reseller.",
  ],
  [
    '2. What is not allowed',
    'The licensee shall not resell, sublicense or publish the imagery as it was delivered, nor offer it as a map service to third parties, except where a separate written agreement allows it. Maps, figures and reports derived from the imagery may be published with the credit below.',
  ],
  [
    '3. Credit',
    'Published derived works carry the credit "Contains imagery (c) the provider, year of acquisition".',
  ],
  [
    '4. Delivery and quality',
    'Imagery is delivered as ordered, with the processing level and options chosen in the order. Cloud cover, angles and quality figures are estimates of the acquisition; a product with a fault of processing is reprocessed or refunded on request within 30 days of delivery.',
  ],
  [
    '5. Liability',
    'The imagery is provided as it is. The provider is not liable for decisions made on it, nor for any indirect loss; its total liability for an order is limited to the price paid for that order.',
  ],
  [
    '6. Term',
    'The licence lasts without limit of time while this agreement is kept. It ends if the licensee breaks it; the licensee then deletes the imagery it holds.',
  ],
  ['7. Law', "This agreement is governed by the law of the provider's place of business."],
  [
    'Demonstration',
    'This text belongs to the Satportal demonstration. An operator replaces it with its own agreement by editing scripts/make-eula.mjs and running it again.',
  ],
];

/** Splits text into lines that fit `width` at `size` in `font`. */
function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const document = await PDFDocument.create();
document.setTitle(title);
document.setAuthor('Satportal');
document.setSubject('End-user licence agreement for imagery ordered through Satportal');
// A fixed date keeps the file the same from run to run, so it changes in git only with its text.
const fixed = new Date('2026-01-01T00:00:00Z');
document.setCreationDate(fixed);
document.setModificationDate(fixed);
const regular = await document.embedFont(StandardFonts.Helvetica);
const bold = await document.embedFont(StandardFonts.HelveticaBold);

const [pageWidth, pageHeight] = [595.28, 841.89]; // A4
const margin = 56;
const width = pageWidth - 2 * margin;
let page = document.addPage([pageWidth, pageHeight]);
let y = pageHeight - margin;

function line(text, font, size, gap = 4) {
  if (y - size < margin) {
    page = document.addPage([pageWidth, pageHeight]);
    y = pageHeight - margin;
  }
  page.drawText(text, { x: margin, y: y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
  y -= size + gap;
}

line(title, bold, 18, 16);
for (const [heading, body] of sections) {
  line(heading, bold, 12, 6);
  for (const text of wrap(body, regular, 10.5, width)) line(text, regular, 10.5, 3.5);
  y -= 10;
}

await mkdir(dirname(target), { recursive: true });
await writeFile(target, await document.save({ useObjectStreams: false }));
console.log(`wrote ${target}`);
