//! Command-line definition (clap derive) and the handling of clap's own errors.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use nqueens::Algorithm;

/// Exact N-Queens answers: instant for the Checker Challenge sizes, computed otherwise.
///
/// With no subcommand, prints the Checker Challenge answer for board size N: the first
/// three placements in lexicographic order (one 1-based column per row), then the total.
/// Sizes 6 to 13 come from a table built at compile time by the same solver; the totals
/// of other sizes come from the counting engine (`nqueens count`).
#[derive(Parser, Debug)]
#[command(
    name = "nqueens",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  nqueens 8\n  echo 8 | nqueens\n  nqueens 8 --json\n  nqueens 13 --verify\n  nqueens verify\n  nqueens count 16\n  nqueens count 16 --unique --threads 2 --json\n  nqueens compare 10\n  nqueens trace 4 --limit 12\n  nqueens trace 6 --algorithm dancing-links --json\n  nqueens solutions 8 --format boards --limit 2\n  nqueens solutions 8 --unique\n  nqueens show 8 --index 3\n  nqueens check 2 4 6 1 3 5\n  nqueens check 1,5,8,6,3,7,2,4\n  nqueens completions bash\n  nqueens manpage"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub answer: AnswerArgs,
}

/// Options of the default command (the Checker Challenge answer).
#[allow(clippy::struct_excessive_bools)] // command-line switches are bools
#[derive(Args, Debug)]
pub struct AnswerArgs {
    #[command(flatten)]
    pub size: Size,
    /// Re-derive the answer at run time (native solver and an independent reference
    /// search), check the table entry (if any) and the counting engine against it, and
    /// report the check on stderr; exit 1 on any mismatch. The answer printed is the
    /// re-derived one, as with --solve (`"source":"solver"` in --json). Both are plain
    /// searches, slow past n = 16 as --solve is, and they print nothing until done.
    #[arg(long)]
    pub verify: bool,
    /// Compute the whole answer with the plain const solver at run time, instead of the
    /// table and the counting engine (slow past n = 16).
    #[arg(long)]
    pub solve: bool,
    /// Print the answer as one JSON object: n, total, placements (as column lists),
    /// where the answer came from, and whether the total matched the published one.
    #[arg(long)]
    pub json: bool,
    /// No estimate line, progress bar or progress log for sizes past the table.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The board-size argument shared by the subcommands, read from stdin when omitted.
#[derive(Args, Debug)]
pub struct Size {
    /// Board size, 1 to 32. Read from stdin when omitted.
    // Negative numbers reach our parser, which names them in its error, instead of
    // being reported as unknown flags.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<OsString>,
    /// Anything after N: collected only to name it in a clear error.
    #[arg(hide = true, allow_negative_numbers = true)]
    pub extra: Vec<OsString>,
}

/// Options of `nqueens compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    #[command(flatten)]
    pub size: Size,
    /// Run only this algorithm; repeat for several. One of: naive, flags, bitmask,
    /// dancing-links, cell-by-cell [default: all].
    // `--algo` was this option's name before `trace`'s `--algorithm` became the one
    // name for both; it still works.
    #[arg(long, short, alias = "algo", value_name = "NAME", value_parser = algorithm())]
    pub algorithm: Vec<Algorithm>,
    /// Print the same data as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Options of `nqueens trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub size: Size,
    /// The algorithm to watch. One of: naive, flags, bitmask, dancing-links,
    /// cell-by-cell.
    #[arg(long, short, value_name = "NAME", default_value = "bitmask", value_parser = algorithm())]
    pub algorithm: Algorithm,
    /// Stop after K steps (a whole number from 1 up), or `all` for the whole search.
    /// A last line says where it stopped.
    #[arg(long, value_name = "K", default_value = "200", value_parser = steps, allow_hyphen_values = true)]
    pub limit: Limit,
    /// One JSON object per line (JSON Lines): the step, the event, rows and columns
    /// from 1, the counters, and the bitmask masks (none once every row has a queen)
    /// or the flag arrays.
    #[arg(long)]
    pub json: bool,
}

/// How many steps `trace` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Steps(u64),
    All,
}

fn steps(text: &str) -> Result<Limit, String> {
    if text.trim_ascii() == "all" {
        return Ok(Limit::All);
    }
    whole(text)
        .filter(|&k| k >= 1)
        .map(Limit::Steps)
        .ok_or_else(|| number_error(text, "expected a whole number of steps from 1 up, or all"))
}

/// Options of `nqueens solutions`.
#[derive(Args, Debug)]
pub struct SolutionsArgs {
    #[command(flatten)]
    pub size: Size,
    /// Output format: rows (`2 4 6 1 3 5`), boards (lines of `.` and `Q`, row 1 on the
    /// first line, a blank line after each) or json (one object per line).
    #[arg(long, value_name = "FORMAT", default_value = "rows", value_parser = format())]
    pub format: Format,
    /// The same as --format json, as --json is in the other commands.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Stop after K placements (a whole number, 0 or more), or `all` (the default), as
    /// trace's --limit takes it.
    #[arg(long, value_name = "K", value_parser = count_of_placements, allow_hyphen_values = true)]
    pub limit: Option<u64>,
    /// Only one placement per class of placements equal up to rotation and reflection:
    /// the lexicographically smallest of each (OEIS A002562: 12 for n = 8, as
    /// `count --unique` counts them). With json, `index` numbers the classes.
    #[arg(long)]
    pub unique: bool,
}

/// Options of `nqueens show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub size: Size,
    /// Which placement, counting from 1 in lexicographic order. Found by listing every
    /// one before it: a search that takes over a second says how long it will take.
    #[arg(long, value_name = "K", default_value = "1", value_parser = index, allow_hyphen_values = true)]
    pub index: u64,
}

/// Options of `nqueens check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The placement: one 1-based column per row, separated by spaces, a comma or both,
    /// e.g. `2 4 6 1 3 5` or `2,4,6,1,3,5` (a comma with no column on one side, as in
    /// `1,,5`, is refused). Read from stdin when omitted.
    #[arg(value_name = "COLUMN", allow_negative_numbers = true)]
    pub columns: Vec<OsString>,
}

/// How `solutions` prints each placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Rows,
    Boards,
    Json,
}

/// The algorithms by name, as clap's possible values, so that shell completions offer
/// them and an error lists them.
fn algorithm() -> impl clap::builder::TypedValueParser<Value = Algorithm> {
    use clap::builder::TypedValueParser as _;
    let names = Algorithm::ALL.map(Algorithm::name);
    clap::builder::PossibleValuesParser::new(names).try_map(|name: String| {
        Algorithm::from_name(&name).ok_or_else(|| format!("no algorithm is named {name}"))
    })
}

/// The formats by name, as clap's possible values (see [`algorithm`]).
fn format() -> impl clap::builder::TypedValueParser<Value = Format> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(["rows", "boards", "json"]).map(|name: String| {
        match name.as_str() {
            "rows" => Format::Rows,
            "boards" => Format::Boards,
            _ => Format::Json,
        }
    })
}

/// A whole number (0 is allowed: print nothing), or `all`: every placement.
fn count_of_placements(text: &str) -> Result<u64, String> {
    if text.trim_ascii() == "all" {
        return Ok(u64::MAX);
    }
    let expected = "expected a whole number of placements, 0 or more, or all";
    whole(text).ok_or_else(|| number_error(text, expected))
}

fn index(text: &str) -> Result<u64, String> {
    whole(text).filter(|&k| k >= 1).ok_or_else(|| {
        number_error(
            text,
            "expected a whole number from 1 (the first placement) up",
        )
    })
}

/// The error of a number option whose values are `expected`: a whole number too large
/// for 64 bits is one, so it is told what the largest is instead.
fn number_error(text: &str, expected: &str) -> String {
    let text = text.trim_ascii();
    let too_large = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if too_large && digits(text).is_none() {
        format!("too large, the largest is {} ({expected})", u64::MAX)
    } else {
        expected.into()
    }
}

/// A whole number given as ASCII digits, with optional surrounding whitespace as for
/// the board size (`input::parse`), so that every number option takes the same forms;
/// signs, decimals and other scripts' digits are refused.
fn whole(text: &str) -> Option<u64> {
    digits(text.trim_ascii())
}

/// A whole number given as ASCII digits only, nothing around them.
fn digits(text: &str) -> Option<u64> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse().ok()).flatten()
}

/// Options of `nqueens count`.
#[allow(clippy::struct_excessive_bools)] // command-line switches are bools
#[derive(Args, Debug)]
#[group(id = "replaced", args = ["checkpoint", "output"], multiple = true, required = false)]
pub struct CountArgs {
    #[command(flatten)]
    pub size: Size,
    /// Print the number of placements distinct up to rotation and reflection (OEIS
    /// A002562) instead of the total.
    #[arg(long, conflicts_with = "shard")]
    pub unique: bool,
    /// Worker threads [default: one per core].
    #[arg(long, value_name = "K", value_parser = threads, allow_hyphen_values = true)]
    pub threads: Option<u16>,
    /// Print n, total, unique (with --unique), threads, elapsed seconds (of every run
    /// a checkpoint kept), nodes, subtasks, the engine ("join" or "constellations") and
    /// the comparison with the published counts as one JSON object.
    #[arg(long, conflicts_with = "shard")]
    pub json: bool,
    /// Record each finished subtask in FILE, and resume from it: rerunning the same
    /// command skips what is done, and says on stderr how many subtasks FILE held. A
    /// file for another count, or a damaged one, is refused and left alone. FILE must be
    /// a regular file, or a symbolic link to one (the file it names is replaced on each
    /// save; the link stays): a device, FIFO, socket, directory, link to nothing or `-`
    /// is refused (exit 2), since a checkpoint is read back and replaced on every save.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Start over even if the checkpoint file belongs to another count or is damaged
    /// (it is overwritten), and replace a --output file that holds the result of
    /// another shard or count.
    #[arg(long, requires = "replaced")]
    pub force: bool,
    /// No estimate line, progress bar or progress log (the estimate is printed before
    /// counts expected to take 10 s or more; the bar is only drawn on a terminal, for
    /// counts expected to take 0.1 s or more; off a terminal, a count that printed the
    /// estimate logs a line at each tenth of its work). A resumed count's line saying what the
    /// checkpoint held, and the interrupt report, are still printed.
    #[arg(long, short)]
    pub quiet: bool,
    /// Compute only shard I of M (0 <= I < M): every M-th subtask starting at I. The M
    /// shards together cover the count exactly once; `nqueens merge` adds them up.
    /// Prints a JSON shard result.
    #[arg(long, value_name = "I/M", value_parser = shard, allow_hyphen_values = true)]
    pub shard: Option<(usize, usize)>,
    /// Write the shard result to FILE instead of stdout; `-` is stdout. A regular file is
    /// replaced atomically (a symbolic link to one stays, and the file it names is
    /// replaced). A character or block device or a FIFO is written straight into (a
    /// FIFO waits for its reader), never replaced; /dev/stdout is stdout. A socket,
    /// directory or link to nothing is refused (exit 2). A file that holds the result
    /// of another shard or count is refused (exit 2) and left alone, unless with
    /// --force.
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub output: Option<PathBuf>,
    /// Memory for the join engine's quarter table and lists of half boards, over all
    /// threads, e.g. 256M or 2G (K, M, G, T: powers of 1024). The table is used only if
    /// it takes at most three quarters; past the rest, lists are taken in pieces: slower, same
    /// count. Below 144K per thread, fewer threads run (said on stderr). The process holds
    /// somewhat more: the program itself, and freed memory that the system's allocator
    /// keeps (see docs/long-counts.md). [default: 1G]
    #[arg(long, value_name = "SIZE", value_parser = memory, allow_hyphen_values = true)]
    pub memory: Option<usize>,
    /// Print how long the count (or the shard) would take here, and stop. Up to n = 22,
    /// a small count of the same kind (n = 16, 15 or 13) is timed first, three times,
    /// and the growth from size to size comes from measured runs. From 23 to 27, subtasks
    /// drawn at random are counted and timed for about 30 s, and the line gives a 95%
    /// interval (see --sample-seconds). With --checkpoint, how long the rest takes (the
    /// file is only read).
    #[arg(long, conflicts_with_all = ["json", "output", "force"])]
    pub estimate: bool,
    /// With --estimate: project from subtasks drawn at random and timed for about S
    /// seconds, at any size (from n = 23 to 27 this is how it estimates, for 30 s). A
    /// longer sample gives a tighter interval. Every subtask started is finished, so a
    /// sample of large subtasks takes longer than S (past 27, hours).
    #[arg(long, value_name = "S", requires = "estimate", value_parser = sample_seconds, allow_hyphen_values = true)]
    pub sample_seconds: Option<u64>,
}

/// `--sample-seconds S`: a whole number of seconds from 1 up.
fn sample_seconds(text: &str) -> Result<u64, String> {
    whole(text)
        .filter(|&s| s >= 1)
        .ok_or_else(|| number_error(text, "expected a whole number of seconds from 1 up"))
}

/// Options of `nqueens merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard result files of one count, all shards 0..M-1, each exactly once; `-`
    /// reads results from stdin, one after another (`cat shard-*.json | nqueens merge
    /// -`).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Print the number of placements distinct up to rotation and reflection (OEIS
    /// A002562) instead of the total, as count --unique does.
    #[arg(long)]
    pub unique: bool,
    /// Print one JSON object instead: n, total, unique, shards, subtasks, nodes, the
    /// shards' seconds added up, and the check against the published counts.
    #[arg(long)]
    pub json: bool,
}

/// `--shard I/M`: whole numbers with `0 <= I < M`, surrounding whitespace allowed as
/// for every number option ([`whole`]).
fn shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text.trim_ascii().split_once('/').and_then(|(i, m)| {
        let number = |s: &str| usize::try_from(digits(s)?).ok();
        Some((number(i)?, number(m)?))
    });
    match parsed {
        Some((i, m)) if i < m => Ok((i, m)),
        _ => Err(format!(
            "expected I/M with whole numbers 0 <= I < M <= {}, e.g. 0/4",
            usize::MAX
        )),
    }
}

/// A memory size of at least [`nqueens::MEMORY_MIN`], with binary units; surrounding
/// whitespace allowed, as for every number option ([`whole`]).
fn memory(text: &str) -> Result<usize, String> {
    let units = parse_size::Config::new().with_binary();
    let minimum = nqueens::MEMORY_MIN >> 10;
    let accepted = "such as 64M or 2G (K, M, G, T: powers of 1024)";
    match units.parse_size(text.trim_ascii()).map(usize::try_from) {
        Ok(Ok(bytes)) if bytes >= nqueens::MEMORY_MIN => Ok(bytes),
        Ok(Ok(_)) => Err(format!(
            "below the least a thread needs: expected {minimum}K or more, {accepted}"
        )),
        // Past what this machine can address, or past 64 bits.
        Ok(Err(_)) | Err(parse_size::Error::PosOverflow) => Err(format!(
            "more than this machine can address: expected {minimum}K to {}T, {accepted}",
            usize::MAX >> 40
        )),
        Err(_) => Err(format!("expected a size of {minimum}K or more, {accepted}")),
    }
}

/// `--threads`: a whole number from 1 to [`THREADS_MAX`], with clap's own wording
/// replaced by one that says what is accepted (it said "invalid digit found in string").
fn threads(text: &str) -> Result<u16, String> {
    whole(text)
        .filter(|k| (1..=u64::from(THREADS_MAX)).contains(k))
        .and_then(|k| u16::try_from(k).ok())
        .ok_or_else(|| format!("expected a whole number of threads from 1 to {THREADS_MAX}"))
}

/// The most threads a count may be asked for.
const THREADS_MAX: u16 = 1024;

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the classic algorithms side by side on N
    ///
    /// Naive, flag arrays, bitmask, dancing links and cell by cell: total, search nodes,
    /// time, and time relative to the fastest. Algorithms past their practical limit are
    /// skipped with the reason. Exits 1 if the totals disagree.
    Compare(CompareArgs),
    /// Watch an algorithm search, one step per line
    ///
    /// Every step of the search the library runs when it counts: a queen placed, a
    /// square refused and why, a queen removed (backtracking), a placement found, and
    /// for dancing links the row or column it chose. Rows and columns count from 1;
    /// each line is indented by the queens on the board. Bitmask lines show the masks
    /// of the next row in binary, column 1 on the right as in `1 << column` (a queen
    /// placed on the last row has no next row, and its line says so); flags lines show
    /// the flag arrays, index 0 first. A last line gives the nodes and
    /// placements so far. Ends quietly when the reader closes the pipe.
    Trace(TraceArgs),
    /// Stream every placement in lexicographic order
    ///
    /// Constant memory whatever N is. Ends quietly when the reader closes the pipe.
    /// `--unique` keeps one placement per symmetry class.
    Solutions(SolutionsArgs),
    /// Draw a placement as a chessboard
    ///
    /// Ranks and files labelled, rank 1 (the first row) at the bottom as on a chess
    /// diagram, which the first line says (`solutions --format boards` prints row 1
    /// first, at the top). Unicode queens, light and dark squares in colour on a
    /// terminal unless `NO_COLOR` is set (without colour, light squares are `.` and dark
    /// ones `:`).
    Show(ShowArgs),
    /// Check whether a placement is valid
    ///
    /// The placement is one 1-based column per row, as arguments or on stdin. Exits 0 if
    /// valid; otherwise lists every attacking pair and exits 1. Malformed input is a
    /// usage error (exit 2).
    Check(CheckArgs),
    /// Add up the shard results of one count (see `count --shard`)
    ///
    /// Every shard 0..M-1 of the same count and split must be given exactly once;
    /// missing, repeated or mismatched shards are errors naming the files.
    Merge(MergeArgs),
    /// Count the placements of an N by N board exactly, on every core
    ///
    /// Sizes 14 to 27 join top and bottom half boards per column set; other sizes search
    /// one constellation of border queens per symmetry class. Totals summed in
    /// checked 128-bit arithmetic. Long counts show progress on a
    /// terminal, can be checkpointed and resumed (--checkpoint), and split across
    /// machines (--shard, then `nqueens merge`). The first Ctrl-C saves the checkpoint,
    /// prints the command that resumes, and exits 130.
    Count(CountArgs),
    /// Re-derive the build-time table and check it
    ///
    /// Every entry (n = 6..=13) is recomputed at run time two independent ways (the
    /// native solver and a flag-array reference search), and every listed placement is
    /// checked. Exits 1 on any mismatch.
    Verify,
    /// Print a shell completion script
    ///
    /// For bash, zsh, fish, elvish or powershell; docs/cli.md says where each goes.
    Completions(CompletionsArgs),
    /// Print the man page (roff) to stdout
    ///
    /// Install it with `nqueens manpage > nqueens.1` into a directory on MANPATH, or
    /// read it at once with `nqueens manpage | man -l -`.
    Manpage,
}

/// Options of `nqueens completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: clap_complete::Shell,
}

/// Help and version go to stdout with exit 0; every real error becomes one line on
/// stderr with exit 2 (clap's own rendering adds usage and tips on further lines).
pub fn exit_for_parse_error(err: &clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // Through our writer: a closed pipe ends quietly, a full disk is reported.
            match crate::output::print(&err.render().to_string()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(failure) => failure.report(),
            }
        }
        ErrorKind::InvalidUtf8 => {
            crate::failure::say(&not_utf8(&err.render().to_string()));
            ExitCode::from(2)
        }
        _ => {
            crate::failure::say(&one_line(&err.render().to_string()));
            ExitCode::from(2)
        }
    }
}

/// The error for an argument that is not UTF-8: clap says only that some argument is
/// not, so this names it, and its option.
fn not_utf8(rendered: &str) -> String {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let bad = args.iter().position(|arg| arg.to_str().is_none());
    let what = match bad {
        Some(i) => {
            let shown = crate::failure::quote(&args[i].to_string_lossy());
            let before = i.checked_sub(1).and_then(|j| args[j].to_str());
            match before.filter(|o| o.starts_with('-')) {
                Some(option) => format!("the value {shown} of {option}"),
                None => format!("the argument {shown}"),
            }
        }
        None => "an argument".into(),
    };
    format!(
        "error: {what} is not valid UTF-8; see '{} --help' for what it takes",
        command_of(rendered)
    )
}

/// Any other clap error on one line. clap's first paragraph says what is wrong
/// (sometimes over several lines, e.g. the names of missing arguments); usage and tips
/// follow. The tips ("a similar argument exists: '--threads'") join the line, and the
/// help named is the command's whose usage clap shows.
fn one_line(rendered: &str) -> String {
    let first: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let first = first.join(" ");
    let first = first.strip_prefix("error: ").unwrap_or(&first);
    let tips: Vec<&str> = rendered
        .lines()
        .filter_map(|line| line.trim().strip_prefix("tip: "))
        // ("To pass '--bogus' as a value, use '-- --bogus'": no value here starts with
        // a dash.)
        .filter(|tip| !tip.starts_with("to pass"))
        .collect();
    let tips = if tips.is_empty() {
        String::new()
    } else {
        format!(" ({})", tips.join("; "))
    };
    format!(
        "error: {}{tips}; see '{} --help'",
        crate::failure::shorten(first, 200),
        command_of(rendered)
    )
}

/// The command whose usage a rendered clap error shows (`nqueens count` for `Usage:
/// nqueens count [OPTIONS] [N]`): its words before the first placeholder or option.
/// An invalid value's error shows none; then the subcommand named on the command line.
fn command_of(rendered: &str) -> String {
    let usage = rendered
        .lines()
        .find_map(|line| line.trim().strip_prefix("Usage: "));
    if let Some(usage) = usage {
        let words: Vec<&str> = usage
            .split_whitespace()
            .take_while(|w| !w.starts_with(['[', '<', '-']))
            .collect();
        if !words.is_empty() {
            return words.join(" ");
        }
    }
    let command = <Cli as clap::CommandFactory>::command();
    let named = std::env::args_os()
        .skip(1)
        .take_while(|arg| arg != "--")
        .find_map(|arg| {
            let arg = arg.to_str()?.to_owned();
            command.find_subcommand(&arg).map(|_| arg)
        });
    named.map_or("nqueens".into(), |sub| format!("nqueens {sub}"))
}

/// Where N goes, a word that starts with a letter (`nqueens cout 8`) is a command
/// mistyped rather than a bad size: said so, with the command it is most like.
pub fn not_a_command(word: &str) -> Result<(), crate::failure::Failure> {
    if !word.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Ok(());
    }
    let command = <Cli as clap::CommandFactory>::command();
    let lower = word.to_ascii_lowercase();
    // clap's own threshold for suggesting a subcommand.
    let closest = command
        .get_subcommands()
        .map(|c| (strsim::jaro(&lower, c.get_name()), c.get_name()))
        .filter(|&(likeness, _)| likeness > 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let meant = closest.map_or(String::new(), |(_, name)| {
        format!(" (did you mean '{name}'?)")
    });
    Err(crate::failure::Failure::Usage(format!(
        "unrecognized command {}{meant}; expected a command or a board size from 1 to 32, \
         see 'nqueens --help'",
        crate::failure::quote(word)
    )))
}
