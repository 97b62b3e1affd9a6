"""The SQL Kindred ran for one request, read back from PostgreSQL's log, as pgbench scripts; and
latency percentiles from pgbench's per-transaction logs. Standard library only.

  python3 kinnect_pglog.py capture LOG START END DIR NAME
      Reads LOG (log_statement=all, log_line_prefix '%m [%p] ') from byte START to END and
      writes DIR/NAME-all.sql (every read, in order), DIR/NAME-main.sql (the feed's page query:
      the one reading kinnect_posts in order), DIR/NAME.defs (`-D` and `name=value` on
      alternate lines: the bound parameters, which stay parameters in pgbench's extended mode,
      as the server sends them) and DIR/NAME-explain.sql (EXPLAIN ANALYZE of the page query,
      parameters written in). Prints how many reads there were and how many writes were left
      out (a session's last-used time, which the server writes now and then, not every time).
  python3 kinnect_pglog.py latency FILE...
      p50, p99 and max in ms of the transactions in pgbench `-l` logs.
"""
import re, sys

entry = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \w+ \[\d+\] (LOG|DETAIL|ERROR|STATEMENT|HINT|WARNING|NOTICE|CONTEXT):  ")
execute = re.compile(r"^(?:execute [^:]*|statement): (.*)$", re.S)
parameter = re.compile(r"\$(\d+) = (NULL|'(?:[^']|'')*')")


def entries(text):
    """(kind, message) per log entry; a message continues on lines starting with a tab."""
    current = None
    for line in text.split("\n"):
        match = entry.match(line)
        if match:
            if current:
                yield current
            current = [match.group(1), line[match.end():]]
        elif current and line.startswith("\t"):
            current[1] += "\n" + line[1:]
    if current:
        yield current


def logged_statements(log, start, end):
    """[sql, {number: value, or None for NULL}] per statement logged from byte START to END."""
    with open(log, "rb") as handle:
        handle.seek(start)
        text = handle.read(end - start).decode("utf-8", "replace")
    statements = []
    for kind, message in entries(text):
        if kind == "LOG":
            match = execute.match(message)
            if match:
                statements.append([match.group(1).strip(), {}])
        elif kind == "DETAIL" and message.startswith("parameters: ") and statements:
            for number, value in parameter.findall(message):
                statements[-1][1][int(number)] = None if value == "NULL" else value[1:-1].replace("''", "'")
    if not statements:
        raise SystemExit(f"no statements logged between bytes {start} and {end} of {log}")
    return statements


def pgbench_line(sql, values, names):
    """The statement for a pgbench script: each parameter a variable named in `names` (value ->
    name, shared by every statement of a script), a NULL written in."""
    def variable(match):
        value = values[int(match.group(1))]
        if value is None:
            return "NULL"
        names.setdefault(value, f"v{len(names) + 1}")
        return ":" + names[value]
    body = re.sub(r"\$(\d+)", variable, sql)
    if re.search(r"(?<!:):(?!v\d)[A-Za-z_]", body):
        raise SystemExit("a statement holds a colon pgbench would read as a variable: " + body[:200])
    return body + ";\n"


def capture(log, start, end, directory, name):
    statements = logged_statements(log, start, end)
    writes = [sql for sql, _ in statements if not sql.lstrip().upper().startswith("SELECT")]
    statements = [item for item in statements if item[0].lstrip().upper().startswith("SELECT")]
    names = {}  # value -> variable name, shared by every statement
    scripts = [pgbench_line(sql, values, names) for sql, values in statements]
    pages = [index for index, (sql, _) in enumerate(statements) if 'FROM "kinnect_posts"' in sql and "ORDER BY" in sql]
    if len(pages) != 1:
        raise SystemExit(f"expected one page query on kinnect_posts, found {len(pages)}")
    main = [scripts[pages[0]]]
    sql, values = statements[pages[0]]
    quoted = lambda value: "NULL" if value is None else "'" + value.replace("'", "''") + "'"
    literal = re.sub(r"\$(\d+)", lambda match: quoted(values[int(match.group(1))]), sql)
    with open(f"{directory}/{name}-explain.sql", "w") as out:
        out.write("EXPLAIN (ANALYZE, BUFFERS) " + literal + ";\n")
    with open(f"{directory}/{name}-all.sql", "w") as out:
        out.writelines(scripts)
    with open(f"{directory}/{name}-main.sql", "w") as out:
        out.writelines(main)
    with open(f"{directory}/{name}.defs", "w") as out:
        for value, variable in names.items():
            out.write(f"-D\n{variable}={value}\n")
    print(len(statements), len(writes))


def latency(paths):
    values = []
    for path in paths:
        with open(path) as handle:
            for line in handle:
                fields = line.split()
                if len(fields) >= 3:
                    values.append(int(fields[2]) / 1000)
    values.sort()
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]
    print(f"{pick(0.50):.2f} {pick(0.99):.2f} {values[-1]:.2f} {len(values)}")


if __name__ == "__main__":
    if sys.argv[1] == "capture":
        capture(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6])
    elif sys.argv[1] == "latency":
        latency(sys.argv[2:])
    else:
        sys.exit(__doc__)
