"""`agentworld report --html/--png`: eval directories compared on one self-contained page.

Modules, one job each: data (read an eval directory and its runs), stats (SR/PSR/CCE with 95%
intervals), tables (each section's table as data), figures (outcome chart and episode timelines,
matplotlib), html (the page), build (sections in order, files written: `build_report`), cli (the
options). Nothing is imported here, so `agentworld report` without --html stays light.
"""
