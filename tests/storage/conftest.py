from tests.dbfixtures import backend, db, pg_schema, sqlite_template

__all__ = ["backend", "db", "pg_schema", "sqlite_template"]
