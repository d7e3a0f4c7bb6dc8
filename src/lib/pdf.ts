// A small PDF writer for text documents (the whitepaper, written at build time): A4 pages, the
// standard Helvetica fonts (no font embedded), a title, headed sections of wrapped paragraphs.
// Dependency-free: the objects, the page streams and the cross-reference table by hand (PDF 1.4).

export interface PdfSection {
  title: string;
  text: string;
}

const PAGE = { width: 595, height: 842, margin: 56 };
const BODY = { size: 11, leading: 15, chars: 88 };
const HEAD = { size: 15, leading: 24 };
const TITLE = { size: 22, leading: 34 };

// Text for a PDF string in WinAnsi: ASCII, with the typographic characters a writer uses mapped.
function pdfText(text: string): string {
  const plain = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7e]/g, "?");
  return plain.replace(/[\\()]/g, (c) => `\\${c}`);
}

// Lines of at most `max` characters, broken at spaces (Helvetica at 11 pt: 88 fit the text width).
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// The PDF bytes of a document: its title on top of the first page, then each section.
export function textPdf(title: string, sections: PdfSection[], footer?: string): Uint8Array {
  type Line = { text: string; font: "F1" | "F2"; size: number; leading: number };
  const lines: Line[] = [{ text: title, font: "F2", size: TITLE.size, leading: TITLE.leading }];
  for (const section of sections) {
    lines.push({ text: section.title, font: "F2", size: HEAD.size, leading: HEAD.leading });
    for (const text of wrap(section.text, BODY.chars))
      lines.push({ text, font: "F1", size: BODY.size, leading: BODY.leading });
  }
  if (footer)
    for (const text of wrap(footer, BODY.chars))
      lines.push({ text, font: "F1", size: BODY.size, leading: BODY.leading });

  // Pages: lines from the top margin down, a new page when the next would pass the bottom margin.
  const pages: string[] = [];
  let content: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    if (y - line.leading < PAGE.margin) {
      pages.push(content.join("\n"));
      content = [];
      y = PAGE.height - PAGE.margin;
    }
    y -= line.leading;
    content.push(`BT /${line.font} ${line.size} Tf ${PAGE.margin} ${y} Td (${pdfText(line.text)}) Tj ET`);
  }
  pages.push(content.join("\n"));

  // Objects: 1 catalog, 2 page tree, 3-4 fonts, then a page and its stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  pages.forEach((stream, i) => {
    const id = pageIds[i]!;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });

  // The body is ASCII, so string length is byte length for the cross-reference offsets.
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info << /Title (${pdfText(title)}) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
