/** The package version: `--version`, and the creator the journal's HAR export names. */
export const mockVersion = '0.1.0'
