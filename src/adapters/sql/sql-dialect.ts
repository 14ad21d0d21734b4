/** The SQL databases Gatehouse ships migrations and an adapter for. */
export type SqlDialect = 'sqlite' | 'postgres' | 'mysql'
