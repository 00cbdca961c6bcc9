/** The paging fields of every list response. */
export function paging(totalRecords: number, page: number, limit: number) {
  return { totalRecords, totalPages: Math.ceil(totalRecords / limit), page, limit };
}
