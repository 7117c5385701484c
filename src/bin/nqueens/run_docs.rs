//! `nqueens completions` and `nqueens manpage`: generated from the same command-line
//! definition that parses the arguments, so they cannot drift from it.

use clap::CommandFactory as _;

use crate::cli::{Cli, CompletionsArgs};
use crate::failure::Failure;
use crate::output;

/// The completion script for one shell, on stdout.
pub fn completions(args: &CompletionsArgs) -> Result<(), Failure> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "nqueens", &mut script);
    output::print(&String::from_utf8_lossy(&script))
}

/// The man page as roff, on stdout: one page for the whole tool, with a section per
/// subcommand (`clap_mangen` alone would point at a page per subcommand, which a single
/// binary does not install).
pub fn manpage() -> Result<(), Failure> {
    let mut command = Cli::command();
    command.build();
    let mut page = Vec::new();
    render_page(&command, &mut page)
        .map_err(|e| Failure::Io(format!("cannot render the man page: {e}")))?;
    // clap_mangen lists hidden positionals in synopses; `EXTRA` only exists to name a
    // stray value in an error, so it is taken out.
    let page = String::from_utf8_lossy(&page).replace(" [\\fIEXTRA\\fR]", "");
    output::print(&page)
}

fn render_page(command: &clap::Command, page: &mut Vec<u8>) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(page)?;
    man.render_name_section(page)?;
    man.render_synopsis_section(page)?;
    man.render_description_section(page)?;
    man.render_options_section(page)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let mut section = Vec::new();
        let man = clap_mangen::Man::new(sub.clone());
        man.render_synopsis_section(&mut section)?;
        man.render_description_section(&mut section)?;
        man.render_options_section(&mut section)?;
        let heading = format!("nqueens {}", sub.get_name()).to_uppercase();
        page.extend_from_slice(format!(".SH \"{heading}\"\n").as_bytes());
        // The subcommand's own sections become subsections of its section.
        let section = format!("\n{}", String::from_utf8_lossy(&section));
        page.extend_from_slice(&section.replace("\n.SH ", "\n.SS ").as_bytes()[1..]);
    }
    render_examples(command, page);
    man.render_version_section(page)
}

/// The help's examples as an EXAMPLES section, one command per line (`clap_mangen`'s own
/// "EXTRA" section lets troff run them together into a paragraph).
fn render_examples(command: &clap::Command, page: &mut Vec<u8>) {
    let Some(after) = command.get_after_help() else {
        return;
    };
    page.extend_from_slice(b".SH EXAMPLES\n.nf\n");
    for line in after.to_string().lines().skip(1) {
        let line = line.trim().replace('\\', "\\e").replace('-', "\\-");
        page.extend_from_slice(format!("{line}\n").as_bytes());
    }
    page.extend_from_slice(b".fi\n");
}
