// The CSV and XML readers as the tools take them (verify reads a recording's bodies). The
// dispatch loads them on the first body that needs them, through codecs.ts, never from here.
export { readCsv } from './csv-read.ts'
export { readXml } from './xml/xml-read.ts'
export { scanXml } from './xml/xml-scan.ts'
