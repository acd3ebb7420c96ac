/** The content type of an .xlsx workbook: the export engine's and the reference lists' downloads. */
export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
