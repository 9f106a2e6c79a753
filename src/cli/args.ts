/** `--name value` or `--name=value` from a list of arguments. */
export function option(args: readonly string[], name: string): string | undefined {
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
  if (index < 0) return undefined
  const arg = args[index]!
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1]
}

export function positional(args: readonly string[]): string[] {
  const result: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg.startsWith('--')) {
      if (!arg.includes('=') && args[i + 1] !== undefined && !args[i + 1]!.startsWith('--')) i++
    } else result.push(arg)
  }
  return result
}
