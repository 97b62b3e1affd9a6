"""The link graph for Rin's score benchmark (scripts/bench-rin-score), and its peer: networkx
computing the same PageRank and clustering on it.

  python rin_score_graph.py generate --people 100000 --links 150 --seed 7 --out DIR
      writes DIR/edges.csv: one line "a,b,card" per link between people a < b (numbered from 1),
      card 1 for a link made by accepting a shared card (one contact row), 0 for two people who
      each hold the other (two rows). People live in communities of COMMUNITY; each draws
      partners, three in four from their own community and the rest from anyone, and the mean
      degree is `links` (people × links / 2 pairs): a graph with the clustering of real circles.
  python rin_score_graph.py networkx DIR
      reads DIR/edges.csv into a networkx Graph (weight 1, as Rin's links made by acts) and times
      `pagerank(G, alpha=0.85, weight="weight")` and `clustering(G)`, the measures Rin's daily job
      computes (RinGraph.pageRank, .clustering); prints one JSON object with the times and the
      process's peak memory.

numpy draws the graph; networkx (pinned by the benchmark, not a test tool) is imported only for
the peer.
"""
import argparse, json, os, resource, sys, time

COMMUNITY = 300
WITHIN = 0.75
CARD_SHARE = 0.3


def generate(people, links, seed, out):
    import numpy as np
    rng = np.random.default_rng(seed)
    # Partners drawn within a community repeat, so a fifth more are drawn than needed, and
    # exactly people × links / 2 distinct pairs kept: a mean degree of `links`.
    wanted = people * links // 2
    draws = max(1, links * 6 // 10)
    source = np.repeat(np.arange(people, dtype=np.int64), draws)
    community = source // COMMUNITY
    local = np.minimum(community * COMMUNITY + rng.integers(0, COMMUNITY, source.size), people - 1)
    anywhere = rng.integers(0, people, source.size)
    target = np.where(rng.random(source.size) < WITHIN, local, anywhere)
    keep = source != target
    low = np.minimum(source[keep], target[keep])
    high = np.maximum(source[keep], target[keep])
    pairs = np.unique(low * people + high)
    if pairs.size > wanted:
        pairs = np.sort(rng.choice(pairs, wanted, replace=False))
    low, high = pairs // people, pairs % people
    card = (rng.random(pairs.size) < CARD_SHARE).astype(np.int64)
    os.makedirs(out, exist_ok=True)
    table = np.column_stack([low + 1, high + 1, card])
    np.savetxt(os.path.join(out, "edges.csv"), table, fmt="%d", delimiter=",")
    degree = np.bincount(np.concatenate([low, high]), minlength=people)
    print(json.dumps({"people": people, "links": int(pairs.size), "card_links": int(card.sum()),
                      "mean_degree": round(float(degree.mean()), 1), "max_degree": int(degree.max()),
                      "isolated": int((degree == 0).sum())}))


def peer(directory):
    import networkx as nx
    import numpy as np
    started = time.perf_counter()
    table = np.loadtxt(os.path.join(directory, "edges.csv"), dtype=np.int64, delimiter=",", ndmin=2)
    graph = nx.Graph()
    graph.add_edges_from(zip(table[:, 0].tolist(), table[:, 1].tolist()), weight=1.0)
    del table
    built = time.perf_counter()
    rank = nx.pagerank(graph, alpha=0.85, weight="weight")
    ranked = time.perf_counter()
    clustering = nx.clustering(graph)
    clustered = time.perf_counter()
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({
        "tool": f"networkx {nx.__version__} (numpy {np.__version__})",
        "nodes": graph.number_of_nodes(), "edges": graph.number_of_edges(),
        "reading_and_building_s": round(built - started, 1),
        "pagerank_s": round(ranked - built, 1), "clustering_s": round(clustered - ranked, 1),
        "measures_s": round(clustered - built, 1), "total_s": round(clustered - started, 1),
        "peak_memory_mib": round(peak_kib / 1024), "rank_sum": round(sum(rank.values()), 6),
        "mean_clustering": round(sum(clustering.values()) / max(1, len(clustering)), 4),
    }))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate")
    make.add_argument("--people", type=int, default=100_000)
    make.add_argument("--links", type=int, default=150)
    make.add_argument("--seed", type=int, default=7)
    make.add_argument("--out", required=True)
    run = commands.add_parser("networkx")
    run.add_argument("directory")
    args = parser.parse_args()
    if args.command == "generate":
        if args.people < 2:
            sys.exit("--people must be at least 2")
        generate(args.people, args.links, args.seed, args.out)
    else:
        peer(args.directory)


if __name__ == "__main__":
    main()
