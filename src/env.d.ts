/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** How many times the page being rendered has used each glossary term (Term.astro). */
    termUses?: Map<string, number>;
  }
}
