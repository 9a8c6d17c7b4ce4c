// svg-to-pdfkit ships no types: the one function this project calls.
declare module 'svg-to-pdfkit' {
  import type PDFDocument from 'pdfkit';
  export default function SVGtoPDF(
    doc: InstanceType<typeof PDFDocument>,
    svg: string,
    x: number,
    y: number,
    options?: {
      width?: number;
      height?: number;
      assumePt?: boolean;
      fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
    },
  ): void;
}
