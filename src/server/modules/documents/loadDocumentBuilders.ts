/**
 * The builders of application forms and certificates, loaded at the first document made: they
 * bring pdfkit (with fontkit) and docx, large libraries that every process (each cluster worker,
 * each start) loaded before answering anyone, though most never make a document.
 */
export function loadDocumentBuilders(): Promise<{
  applicationDocx: typeof import('./applicationDocx.js').applicationDocx;
  applicationPdf: typeof import('./applicationPdf.js').applicationPdf;
  certificatePdf: typeof import('./certificatePdf.js').certificatePdf;
}> {
  return (loading ??= Promise.all([
    import('./applicationDocx.js'),
    import('./applicationPdf.js'),
    import('./certificatePdf.js'),
  ]).then(([docx, pdf, certificate]) => ({
    applicationDocx: docx.applicationDocx,
    applicationPdf: pdf.applicationPdf,
    certificatePdf: certificate.certificatePdf,
  })));
}

let loading: ReturnType<typeof loadDocumentBuilders> | undefined;
